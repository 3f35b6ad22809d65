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
const impersonationBanner = css({ bg: '#fffaeb', color: '#7a2e0e', borderBottomColor: '#fedf89' });

/**
 * Names the organisation while the session acts in another one than the agent's own (switched),
 * and always while impersonating, even an agent of the same organisation: the agent must never
 * forget that they act as someone else.
 */
export function OrgBanner({ agent }: { agent: CurrentAgent }) {
  if (agent.impersonation_log_id !== null) {
    return (
      <div className={`${banner} ${impersonationBanner}`} role="note" aria-label="Organisation">
        Impersonating <strong>{agent.full_name}</strong> of <strong>{agent.org.display_name}</strong>. Cancel from the account menu.
      </div>
    );
  }
  if (agent.org.id === agent.home_org_id) return null;
  return (
    <div className={banner} role="note" aria-label="Organisation">
      You are working in <strong>{agent.org.display_name}</strong>
    </div>
  );
}
