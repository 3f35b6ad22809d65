import { Link } from 'wouter';
import { css, cx } from '../../../styled-system/css';
import { Icon } from '../../ui/icons';
import { iconButton } from '../../ui/recipes';
import type { Toast } from './toast-queue';

const region = css({ position: 'fixed', left: '0', right: '0', zIndex: 100, display: 'flex', justifyContent: 'center', pointerEvents: 'none', px: '4' });
const top = css({ top: '84px' });
const bottom = css({ bottom: '6' });

const toastBox = css({
  pointerEvents: 'auto',
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  minWidth: '18rem',
  maxWidth: '36rem',
  py: '2',
  pl: '4',
  pr: '2',
  borderRadius: 'lg',
  boxShadow: 'lg',
  color: 'white',
  fontSize: 'sm',
  lineHeight: '1.4',
  opacity: 1,
  transform: 'translateY(0)',
  // The 300 ms exit (section 9); @starting-style gives the entry the same motion.
  transition: 'opacity 300ms ease, transform 300ms ease',
  _starting: { opacity: 0, transform: 'translateY(8px)' },
  _closed: { opacity: 0, transform: 'translateY(8px)' },
});
const kinds = {
  Error: css({ bg: 'danger' }),
  Success: css({ bg: 'success' }),
  Info: css({ bg: 'ink' }),
};
const message = css({ flex: '1' });
const cta = css({
  color: 'white',
  fontWeight: 'semibold',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  _focusVisible: { outline: '2px solid white', outlineOffset: '2px' },
});
const close = css({ color: 'white', _hover: { bg: 'whiteAlpha.200' }, _focusVisible: { outline: '2px solid white' } });

/**
 * Shows the first queued toast. The status regions stay mounted so screen readers announce new
 * messages politely; an error toast is itself an alert.
 */
export function Toaster({
  toast,
  onDismiss,
  onPause,
  onResume,
}: {
  toast: Toast | null;
  onDismiss: (id: number) => void;
  onPause: () => void;
  onResume: () => void;
}) {
  const renderAt = (position: Toast['position']) => {
    if (!toast || toast.position !== position) return null;
    return (
      <div
        key={toast.id}
        role={toast.type === 'Error' ? 'alert' : undefined}
        className={cx(toastBox, kinds[toast.type])}
        data-state={toast.leaving ? 'closed' : 'open'}
        data-type={toast.type}
        onMouseEnter={onPause}
        onMouseLeave={onResume}
        onFocus={onPause}
        onBlur={onResume}
      >
        <span className={message}>{toast.message}</span>
        {toast.cta ? (
          <Link to={toast.cta.to} className={cta} onClick={() => onDismiss(toast.id)}>
            {toast.cta.text}
          </Link>
        ) : null}
        <button type="button" className={cx(iconButton(), close)} aria-label="Dismiss message" onClick={() => onDismiss(toast.id)}>
          <Icon name="close" size={16} />
        </button>
      </div>
    );
  };
  return (
    <>
      <div className={cx(region, top)} role="status" data-position="Top">
        {renderAt('Top')}
      </div>
      <div className={cx(region, bottom)} role="status" data-position="Bottom">
        {renderAt('Bottom')}
      </div>
    </>
  );
}
