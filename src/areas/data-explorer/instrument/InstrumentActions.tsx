// Lock, Unlock and Deactivate, each shown only to agents holding its permission (spec part 2,
// section 6: "lock/unlock and deactivate instruments") and only from a status it applies to.
// Deactivation is final, so it asks first.
import { useState } from 'react';
import { useAgent } from '../../../app/auth/auth-context';
import { useToast } from '../../../app/toasts/toast-context';
import { hasPermission } from '../../../lib/permissions';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { button } from '../../../ui/recipes';
import { useInstrumentActionMutation, type InstrumentAction } from '../../../api/instruments/mutations';
import { type Instrument } from '../../../api/instruments/queries';
import { ACTION_DONE, ACTION_FAILED, ACTION_LABELS } from './instrument.constants';

/** The actions the agent may take on an instrument in its current status. */
export function availableActions(status: Instrument['status'], may: { lockUnlock: boolean; deactivate: boolean }): InstrumentAction[] {
  const actions: InstrumentAction[] = [];
  if (may.lockUnlock && status === 'active') actions.push('lock');
  if (may.lockUnlock && status === 'locked') actions.push('unlock');
  if (may.deactivate && status !== 'deactivated') actions.push('deactivate');
  return actions;
}

export function InstrumentActions({ instrument, size = 'md' }: { instrument: Instrument; size?: 'sm' | 'md' }) {
  const agent = useAgent();
  const toast = useToast();
  const mutation = useInstrumentActionMutation(instrument.id);
  const [confirming, setConfirming] = useState(false);
  const actions = availableActions(instrument.status, {
    lockUnlock: hasPermission(agent, 'lock_unlock_instruments'),
    deactivate: hasPermission(agent, 'deactivate_instruments'),
  });
  if (actions.length === 0) return null;

  const run = (action: InstrumentAction) =>
    mutation.mutate(action, {
      onSuccess: () => {
        toast.show({ message: ACTION_DONE[action], type: 'Success' });
        setConfirming(false);
      },
      onError: () => toast.show({ message: ACTION_FAILED[action], type: 'Error' }),
    });

  return (
    <>
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          className={button({ variant: action === 'deactivate' ? 'danger' : 'secondary', size })}
          disabled={mutation.isPending}
          onClick={() => (action === 'deactivate' ? setConfirming(true) : run(action))}
        >
          {ACTION_LABELS[action]}
        </button>
      ))}
      {confirming ? (
        <ConfirmDialog
          title="Deactivate instrument"
          text={`${instrument.external_id} will be deactivated for good: it cannot be locked, unlocked or used again.`}
          action={mutation.isPending ? 'Deactivating…' : 'Deactivate'}
          tone="danger"
          busy={mutation.isPending}
          onConfirm={() => run('deactivate')}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </>
  );
}
