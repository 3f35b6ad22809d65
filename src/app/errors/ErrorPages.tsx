import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { css } from '../../../styled-system/css';
import { button, textLink } from '../../ui/recipes';
import { previousVisit } from '../navigation-history';
import { claimAutomaticReload } from './chunk-error';
import {
  CHUNK_ERROR_TEXT,
  CONTACT_SUPPORT,
  GENERIC_ERROR_TEXT,
  GENERIC_ERROR_TITLE,
  GO_BACK,
  NOT_FOUND_TITLE,
  RUNTIME_ERROR_TEXT,
  SUPPORT_HREF,
  TAKE_ME_HOME,
} from './texts';

const wrap = css({ display: 'flex', justifyContent: 'center', p: { base: '6', md: '16' } });
const box = css({ maxWidth: '34rem', textAlign: 'center', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '4' });
const code = css({ fontSize: '5xl', fontWeight: 'bold', color: 'brand', lineHeight: '1' });
const title = css({ fontSize: '2xl', fontWeight: 'semibold', color: 'ink' });
const text = css({ color: 'muted', lineHeight: '1.6' });
const actions = css({ display: 'flex', gap: '3', flexWrap: 'wrap', justifyContent: 'center', mt: '2' });

function ErrorLayout({ kicker, heading, children }: { kicker?: string; heading: string; children: ReactNode }) {
  return (
    <section className={wrap} aria-labelledby="error-title">
      <div className={box}>
        {kicker ? (
          <p className={code} aria-hidden="true">
            {kicker}
          </p>
        ) : null}
        <h1 id="error-title" className={title} tabIndex={-1}>
          {heading}
        </h1>
        {children}
      </div>
    </section>
  );
}

/** Back to the previously visited page when there is one, else "Take me home". */
function BackLink() {
  const [location] = useLocation();
  const search = useSearch();
  const previous = previousVisit(search ? `${location}?${search}` : location);
  return previous ? (
    <Link to={previous} className={button({ variant: 'primary' })}>
      {GO_BACK}
    </Link>
  ) : (
    <Link to="/" className={button({ variant: 'primary' })}>
      {TAKE_ME_HOME}
    </Link>
  );
}

export function NotFoundPage() {
  return (
    <ErrorLayout kicker="404" heading={NOT_FOUND_TITLE}>
      <p className={text}>The address may be mistyped, or the page may have moved.</p>
      <div className={actions}>
        <BackLink />
      </div>
    </ErrorLayout>
  );
}

export function GenericErrorPage() {
  return (
    <ErrorLayout heading={GENERIC_ERROR_TITLE}>
      <p className={text}>{GENERIC_ERROR_TEXT}</p>
      <div className={actions}>
        <BackLink />
      </div>
    </ErrorLayout>
  );
}

/** The reload used by the error pages (replaceable in tests, where jsdom cannot reload). */
export const pageReload = { run: () => window.location.reload() };

function reload() {
  pageReload.run();
}

function SupportLink() {
  return (
    <a href={SUPPORT_HREF} className={textLink()}>
      {CONTACT_SUPPORT}
    </a>
  );
}

/** Lazy-load failure: reload once by itself; if that did not help, ask. */
export function ChunkErrorPage() {
  const [reloading, setReloading] = useState(true);
  // StrictMode runs the effect twice on the same instance; the ref keeps the first decision.
  const decided = useRef(false);
  useEffect(() => {
    if (decided.current) return;
    decided.current = true;
    if (claimAutomaticReload()) reload();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the decision claims the one automatic reload (session storage), so it is made once, after mounting
    else setReloading(false);
  }, []);
  return (
    <ErrorLayout heading="The page failed to load">
      <p className={text}>{CHUNK_ERROR_TEXT}</p>
      {reloading ? (
        <p className={text} role="status">
          Reloading…
        </p>
      ) : (
        <>
          <div className={actions}>
            <button type="button" className={button({ variant: 'primary' })} onClick={reload}>
              Reload
            </button>
          </div>
          <p className={text}>
            If this keeps happening, <SupportLink />.
          </p>
        </>
      )}
    </ErrorLayout>
  );
}

/** Runtime error fallback: reload, try again (the boundary also resets on navigation), support. */
export function RuntimeErrorFallback({ onRetry }: { onRetry: () => void }) {
  return (
    <ErrorLayout heading="Unexpected error">
      <p className={text} role="alert">
        {RUNTIME_ERROR_TEXT}
      </p>
      <div className={actions}>
        <button type="button" className={button({ variant: 'primary' })} onClick={reload}>
          Reload
        </button>
        <button type="button" className={button()} onClick={onRetry}>
          Try again
        </button>
      </div>
      <p className={text}>
        <SupportLink />
      </p>
    </ErrorLayout>
  );
}
