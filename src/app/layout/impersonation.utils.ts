// The impersonation form's pure pieces beside the machine's (machines/impersonation.types.ts):
// who may impersonate, and whom.
import type { components } from '../../../openapi/schema';
import { hasPermission, type CurrentAgent } from '../../lib/permissions';

export type OrgAgent = components['schemas']['OrgAgent'];

/**
 * Impersonation is for the privileged internal role (spec part 1, section 6): internal staff
 * holding impersonate_agents (root_all counts, as on the server), and not while already
 * impersonating (the server answers 409).
 */
export function canImpersonate(agent: CurrentAgent): boolean {
  return agent.is_internal && hasPermission(agent, 'impersonate_agents') && agent.impersonation_log_id === null;
}

/** The agents offered: only active agents, not the caller, with valid auth; by name as the server orders them. */
export function impersonableAgents(agents: readonly OrgAgent[], selfId: number): OrgAgent[] {
  return agents.filter((a) => a.status === 'active' && a.has_valid_auth && a.id !== selfId);
}
