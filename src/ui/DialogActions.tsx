// The row of buttons that ends a dialog: Cancel, then the dialog's action (a form's submit button,
// or a plain button when `onAction` is given). Without `onCancel`, Cancel is the dialog's own close
// trigger.
import { Dialog } from '@ark-ui/react/dialog';
import * as d from './dialog.styles';
import { button } from './recipes';

export interface DialogActionsProps {
  /** the action button's text */
  action: string;
  /** disables the action while its call runs */
  busy: boolean;
  tone?: 'primary' | 'danger';
  onCancel?: () => void;
  /** a plain button's click; without it the action submits the form it sits in */
  onAction?: () => void;
}

export function DialogActions({ action, busy, tone = 'primary', onCancel, onAction }: DialogActionsProps) {
  return (
    <div className={d.actions}>
      {onCancel ? (
        <button type="button" className={button({ variant: 'secondary' })} onClick={onCancel}>
          Cancel
        </button>
      ) : (
        <Dialog.CloseTrigger className={button({ variant: 'secondary' })} type="button">
          Cancel
        </Dialog.CloseTrigger>
      )}
      <button type={onAction ? 'button' : 'submit'} className={button({ variant: tone })} disabled={busy} onClick={onAction}>
        {action}
      </button>
    </div>
  );
}
