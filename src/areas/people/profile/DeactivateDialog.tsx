// Deactivating asks first: the agent is signed out everywhere at once and cannot sign in again
// until reactivated.
import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { useToast } from '../../../app/toasts/toast-context';
import * as d from '../../../ui/dialog.styles';
import { button } from '../../../ui/recipes';
import { useAgentStatusChange, type ManagedAgent } from '../api/people-queries';

export function DeactivateDialog({ agent, onClose }: { agent: ManagedAgent; onClose(): void }) {
  const change = useAgentStatusChange(agent.id);
  const toast = useToast();
  const confirm = () =>
    change.mutate('inactive', {
      onSuccess: () => {
        toast.show({ message: `${agent.full_name} deactivated.`, type: 'Success' });
        onClose();
      },
    });
  return (
    <Dialog.Root open onOpenChange={(e) => (e.open ? undefined : onClose())} role="alertdialog" lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop className={d.backdrop} />
        <Dialog.Positioner className={d.positioner}>
          <Dialog.Content className={d.content}>
            <Dialog.Title className={d.title}>Deactivate {agent.full_name}?</Dialog.Title>
            <Dialog.Description className={d.description}>
              They are signed out everywhere at once and cannot sign in until reactivated. Their alerts, cases and comments stay.
            </Dialog.Description>
            {change.isError ? (
              <p className={d.formError} role="alert">
                {change.error.message}
              </p>
            ) : null}
            <div className={d.actions}>
              <button type="button" className={button({ variant: 'secondary' })} onClick={onClose}>
                Cancel
              </button>
              <button type="button" className={button({ variant: 'danger' })} disabled={change.isPending} onClick={confirm}>
                Deactivate
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
