// The frame of a detail page: the breadcrumb back to its list, then the page's header and, below
// it, the main column with a narrower one beside it on a wide screen.
import { Fragment, type ReactNode } from 'react';
import { Link } from 'wouter';
import { cx } from '../../styled-system/css';
import { detailHeader, detailPage, section } from './detail.recipes';
import { textLink } from './recipes';

const d = detailPage();

interface Crumb {
  href: string;
  label: string;
}

/** The way back: the links above the page, then where it is. */
export function Breadcrumb({ trail, current, className }: { trail: readonly Crumb[]; current: ReactNode; className?: string }) {
  return (
    <nav aria-label="Breadcrumb" className={cx(d.crumbs, className)}>
      {trail.map((c) => (
        <Fragment key={c.href}>
          <Link href={c.href} className={d.crumbLink}>
            {c.label}
          </Link>
          <span aria-hidden="true">/</span>
        </Fragment>
      ))}
      <span aria-current="page">{current}</span>
    </nav>
  );
}

interface PageProps {
  trail: readonly Crumb[];
  current: ReactNode;
  /** A case is shown a little narrower than an alert or an entity. */
  width?: 'md' | 'lg';
  children: ReactNode;
}

export function DetailPage({ trail, current, width, children }: PageProps) {
  return (
    <div className={detailPage({ width }).page}>
      <Breadcrumb trail={trail} current={current} />
      {children}
    </div>
  );
}

interface ColumnsProps {
  main: ReactNode;
  side: ReactNode;
  /** Names the side column, which is then a complementary region. */
  sideLabel?: string;
}

export function DetailColumns({ main, side, sideLabel }: ColumnsProps) {
  return (
    <div className={d.layout}>
      <div className={d.column}>{main}</div>
      {sideLabel ? (
        <aside className={d.column} aria-label={sideLabel}>
          {side}
        </aside>
      ) : (
        <div className={d.column}>{side}</div>
      )}
    </div>
  );
}

interface MissingProps {
  title: string;
  text: string;
  back?: Crumb;
  kind?: 'work' | 'record';
}

/** What a detail page shows when its object does not exist or may not be opened. */
export function DetailMissing({ title, text, back, kind }: MissingProps) {
  const box = section();
  return (
    <div className={box.root}>
      <div className={box.body}>
        <h1 className={detailHeader({ kind }).title}>{title}</h1>
        <p className={box.note}>{text}</p>
        {back ? (
          <Link href={back.href} className={textLink()}>
            {back.label}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

interface LoadFailedProps {
  text: string;
  /** Offered when reading again could help; not when the record is missing (or not the agent's to see). */
  onRetry: (() => void) | null;
  className: string;
}

/** What a page says when its record could not be read, with Retry when reading again could help. */
export function LoadFailed({ text, onRetry, className }: LoadFailedProps) {
  return (
    <div className={className} role="alert">
      <p>{text}</p>
      {onRetry ? (
        <button type="button" className={textLink()} onClick={onRetry}>
          Retry
        </button>
      ) : null}
    </div>
  );
}
