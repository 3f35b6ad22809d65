import { css } from '../../styled-system/css';
import { card } from './recipes';

const page = css({ p: '8', maxWidth: '48rem' });
const title = css({ fontSize: '2xl', fontWeight: 'semibold', color: 'ink' });
const badge = css({
  display: 'inline-block',
  mt: '3',
  px: '2',
  py: '0.5',
  borderRadius: 'sm',
  bg: 'gray.100',
  color: 'muted',
  textStyle: 'caption',
});
const text = css({ mt: '3', color: 'muted', lineHeight: '1.6' });

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
        <span className={badge}>Coming soon</span>
        <p className={text}>{description}</p>
      </div>
    </section>
  );
}
