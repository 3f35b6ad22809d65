// Asking before a step that is hard or impossible to undo (activating a risk model, deactivating
// an agent, deleting a file or a team). An error from the step shows in the dialog, which stays open.
import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import * as d from './dialog.styles';
import { DialogActions } from './DialogActions';

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
    <Dialog.Root open onOpenChange={(e) => (e.open ? undefined : onClose())} role="alertdialog" lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop className={d.backdrop} />
        <Dialog.Positioner className={d.positioner}>
          <Dialog.Content className={d.content}>
            <Dialog.Title className={d.title}>{title}</Dialog.Title>
            <Dialog.Description className={d.description}>{text}</Dialog.Description>
            {error ? (
              <p className={d.formError} role="alert">
                {error}
              </p>
            ) : null}
            <DialogActions action={action} busy={busy} tone={tone} onCancel={onClose} onAction={onConfirm} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
