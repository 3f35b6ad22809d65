// Deactivating asks first: the agent is signed out everywhere at once and cannot sign in again
// until reactivated.
import { useToast } from '../../../app/toasts/toast-context';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useAgentStatusMutation } from '../../../api/people/mutations';
import { type ManagedAgent } from '../../../api/people/queries';

export function DeactivateDialog({ agent, onClose }: { agent: ManagedAgent; onClose: () => void }) {
  const change = useAgentStatusMutation(agent.id);
  const toast = useToast();
  const confirm = () =>
    change.mutate('inactive', {
      onSuccess: () => {
        toast.show({ message: `${agent.full_name} deactivated.`, type: 'Success' });
        onClose();
      },
    });
  return (
    <ConfirmDialog
      title={`Deactivate ${agent.full_name}?`}
      text="They are signed out everywhere at once and cannot sign in until reactivated. Their alerts, cases and comments stay."
      action="Deactivate"
      tone="danger"
      busy={change.isPending}
      error={change.isError ? change.error.message : null}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
