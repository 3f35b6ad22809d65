import { css } from '../../styled-system/css';

const wrap = css({ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: '3', p: '10', color: 'muted', fontSize: 'sm' });
/** A ring turning while something loads; the caller gives its size. */
export const spinning = css.raw({
  borderRadius: 'full',
  borderWidth: '2px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderTopColor: 'brand',
  animation: 'spin 0.8s linear infinite',
});
const spinner = css(spinning, { width: '5', height: '5' });

/** A polite loading indicator; `label` is what is being loaded. */
export function LoadingState({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className={wrap}>
      <span className={spinner} aria-hidden="true" />
      <span>{label}…</span>
    </div>
  );
}
