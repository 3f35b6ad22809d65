// Asking before a lifecycle step that changes every entity's score (activate, archive).
import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import * as d from '../../../ui/dialog.styles';
import { button } from '../../../ui/recipes';

export function ConfirmDialog({ title, text, action, busy, onConfirm, onClose }: { title: string; text: string; action: string; busy: boolean; onConfirm(): void; onClose(): void }) {
  return (
    <Dialog.Root open onOpenChange={(e) => (e.open ? undefined : onClose())} role="alertdialog" lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop className={d.backdrop} />
        <Dialog.Positioner className={d.positioner}>
          <Dialog.Content className={d.content}>
            <Dialog.Title className={d.title}>{title}</Dialog.Title>
            <Dialog.Description className={d.description}>{text}</Dialog.Description>
            <div className={d.actions}>
              <button type="button" className={button({ variant: 'secondary' })} onClick={onClose}>
                Cancel
              </button>
              <button type="button" className={button({ variant: 'primary' })} disabled={busy} onClick={onConfirm}>
                {action}
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
