// Asking before a step that is hard or impossible to undo (activating a risk model, deactivating
// an agent, deleting a file or a team). An error from the step shows in the dialog, which stays open.
import * as d from './dialog.styles';
import { DialogActions } from './DialogActions';
import { Modal } from './Modal';

export interface ConfirmDialogProps {
  title: string;
  text: string;
  /** the confirming button's text */
  action: string;
  busy: boolean;
  /** 'danger' for a deletion */
  tone?: 'primary' | 'danger';
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog({ title, text, action, busy, tone = 'primary', error = null, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Modal onClose={onClose} role="alertdialog" title={title} description={text}>
      {error ? (
        <p className={d.formError} role="alert">
          {error}
        </p>
      ) : null}
      <DialogActions action={action} busy={busy} tone={tone} onCancel={onClose} onAction={onConfirm} />
    </Modal>
  );
}
