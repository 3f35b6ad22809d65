// "Cancel impersonation", shown in the account popover while the session is an impersonation
// (spec part 1, section 6); the machine ends it, or says "Failed to cancel impersonation. Please try again."
import { useSelector } from '@xstate/react';
import { css } from '../../../styled-system/css';
import type { CurrentAgent } from '../../lib/permissions';
import { button } from '../../ui/recipes';
import { muted, sectionTitle } from './topbar-styles';
import { useImpersonationActor } from './use-impersonation';

const failureText = css({ color: 'danger', fontSize: 'sm' });

export function ImpersonationCancel({ agent }: { agent: CurrentAgent & { impersonation_log_id: number } }) {
  const actor = useImpersonationActor(agent.impersonation_log_id);
  const cancelling = useSelector(actor, (s) => !s.can({ type: 'impersonation.cancel' }));
  const failure = useSelector(actor, (s) => s.context.failure);
  return (
    <section aria-labelledby="impersonation-title" className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      <h3 id="impersonation-title" className={sectionTitle}>
        Impersonation
      </h3>
      <p className={muted}>
        You are acting as {agent.full_name} in {agent.org.display_name}.
      </p>
      <button type="button" className={button({ variant: 'danger' })} disabled={cancelling} onClick={() => actor.send({ type: 'impersonation.cancel' })}>
        {cancelling ? 'Cancelling…' : 'Cancel impersonation'}
      </button>
      {failure ? (
        <p role="alert" className={failureText}>
          {failure}
        </p>
      ) : null}
    </section>
  );
}
