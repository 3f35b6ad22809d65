import { css } from '../../../styled-system/css';
import type { CurrentAgent } from '../../lib/permissions';

const banner = css({
  px: '4',
  py: '2',
  bg: '#eff4ff',
  color: '#1a3a7a',
  borderBottomWidth: '1px',
  borderBottomStyle: 'solid',
  borderBottomColor: '#c7d7fe',
  fontSize: 'sm',
});

/** Shown while the session acts in another organisation than the agent's own (switched or impersonating). */
export function OrgBanner({ agent }: { agent: CurrentAgent }) {
  if (agent.org.id === agent.home_org_id) return null;
  return (
    <div className={banner} role="note" aria-label="Organisation">
      {agent.impersonation_log_id !== null ? 'Impersonating an agent of ' : 'You are working in '}
      <strong>{agent.org.display_name}</strong>
    </div>
  );
}
