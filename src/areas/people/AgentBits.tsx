// Small pieces the people screens share: the picture (or initials) and the status chip.
import { badge, badgeDot } from '../../features/work/work.styles';
import type { ManagedAgent } from '../../api/people/queries';
import { initials, STATUS_TONE, statusLabel } from './people.utils';
import * as s from './people.styles';

export function AgentAvatar({ agent, big = false }: { agent: Pick<ManagedAgent, 'full_name' | 'picture'>; big?: boolean }) {
  const className = big ? s.bigAvatar : s.avatar;
  if (agent.picture) return <img src={agent.picture} alt="" className={className} />;
  return (
    <span className={className} aria-hidden="true">
      {initials(agent.full_name)}
    </span>
  );
}

export function AgentStatusChip({ agent }: { agent: Pick<ManagedAgent, 'status' | 'invited'> }) {
  const label = statusLabel(agent);
  return (
    <span className={badge({ tone: STATUS_TONE[label] })}>
      <span className={badgeDot} aria-hidden="true" />
      {label}
    </span>
  );
}
