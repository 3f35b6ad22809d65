import { css, cva } from '../../styled-system/css';
import { card } from './recipes';

const page = css({ p: '8', maxWidth: '48rem' });
const title = css({ fontSize: '2xl', fontWeight: 'semibold', color: 'ink' });
/** The grey "Coming soon" label: under a page's title, or above a panel's text. */
const badge = cva({
  base: { display: 'inline-block', px: '2', py: '0.5', borderRadius: 'sm', bg: 'gray.100', color: 'muted' },
  variants: {
    place: {
      page: { mt: '3', textStyle: 'caption' },
      panel: { mb: '3', fontSize: 'xs', fontWeight: 'semibold', textTransform: 'uppercase' },
    },
  },
});
const text = css({ mt: '3', color: 'muted', lineHeight: '1.6' });

export function ComingSoonBadge({ place }: { place: 'page' | 'panel' }) {
  return <span className={badge({ place })}>Coming soon</span>;
}

/**
 * An honest placeholder for an area whose screens are not built yet: the route exists, is guarded
 * and titled, and says what will be here.
 */
export function ComingSoon({ area, description }: { area: string; description: string }) {
  return (
    <section className={page} aria-labelledby="coming-soon-title">
      <div className={card()}>
        <h1 id="coming-soon-title" className={title}>
          {area}
        </h1>
        <ComingSoonBadge place="page" />
        <p className={text}>{description}</p>
      </div>
    </section>
  );
}
