import type { ContractOperation } from '../contract/load.js';
import { ApiError } from '../lib/errors.js';
import { hasPermission, type Principal } from './principal.js';

/**
 * Checks an operation's x-permissions, x-agent-flags and x-feature-flags for a principal.
 * Throws 401 without a principal (except for public calls) and 403 when anything is missing.
 * root_all satisfies every permission but not agent flags or feature flags, which are facts
 * about the agent and the organisation rather than grants.
 */
export function authorize(op: ContractOperation, principal: Principal | null): void {
  if (op.permissions === 'public') return;
  if (!principal) throw new ApiError('unauthorized', 'Sign in to continue');
  const required = op.permissions;
  const granted =
    'allOf' in required ? required.allOf.every((name) => hasPermission(principal, name)) : required.anyOf.some((name) => hasPermission(principal, name));
  if (!granted) throw new ApiError('forbidden', 'You do not have permission to do this');
  for (const flag of op.agentFlags) {
    const ok = flag === 'internal_staff' ? principal.isInternal : flag === 'ai_admin' ? principal.isAiAdmin : false;
    if (!ok) throw new ApiError('forbidden', 'This is available to internal staff only');
  }
  for (const flag of op.featureFlags) {
    if (!principal.featureFlags.has(flag)) throw new ApiError('forbidden', 'This feature is not enabled for your organisation');
  }
}
