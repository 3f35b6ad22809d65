// The permission auditor's rows as pure functions: what each console route (src/app/route-table.ts)
// and each API operation (openapi/, answered by the server with its holders) needs, and which active
// agents of the organisation get through, under the organisation's current feature flags.
import { isAllowed, type FeatureFlagName, type Guard } from '../../lib/permissions';
import type { AppRoute } from '../routes.types';
import type { AuditedAgent, AuditedOperation } from '../../api/dev-tools/queries';

export interface AuditRow {
  key: string;
  /** the route's path or the operation's method and path */
  target: string;
  /** the page name or the operation's summary */
  title: string;
  needs: string;
  flags: { name: FeatureFlagName; on: boolean }[];
  holderIds: number[];
}

const list = (names: readonly string[]) => names.join(', ');

export function describeGuard(guard: Guard | undefined): string {
  const parts: string[] = [];
  if (guard?.allOf?.length) parts.push(`all of: ${list(guard.allOf)}`);
  if (guard?.anyOf?.length) parts.push(`any of: ${list(guard.anyOf)}`);
  if (guard?.orInternalStaff) parts.push('or internal staff');
  if (parts.length === 0 || (parts.length === 1 && guard?.orInternalStaff)) parts.unshift('any signed-in agent');
  return parts.join('; ');
}

export function describeOperation(op: Pick<AuditedOperation, 'mode' | 'permissions' | 'agent_flags'>): string {
  const base =
    op.mode === 'public'
      ? 'public (no sign-in)'
      : op.permissions.length === 0
        ? 'any signed-in agent'
        : `${op.mode === 'allOf' ? 'all of' : 'any of'}: ${list(op.permissions)}`;
  return op.agent_flags.length ? `${base}; agent flag: ${list(op.agent_flags)}` : base;
}

const flagStates = (names: readonly FeatureFlagName[] | undefined, enabled: readonly FeatureFlagName[]) =>
  (names ?? []).map((name) => ({ name, on: enabled.includes(name) }));

/** Console routes with a guard or not (public sign-in screens and shell screens are left out). */
export function routeRows(routes: readonly AppRoute[], agents: readonly AuditedAgent[], enabled: readonly FeatureFlagName[]): AuditRow[] {
  const active = agents.filter((a) => a.status === 'active');
  return routes
    .filter((r) => !r.public && r.screen !== 'error')
    .map((r) => ({
      key: r.id,
      target: r.path,
      title: r.page,
      needs: describeGuard(r.guard),
      flags: flagStates(r.guard?.flags, enabled),
      holderIds: active
        .filter((a) => isAllowed(r.guard, { permissions: a.permissions, feature_flags: [...enabled], is_internal: a.is_internal }))
        .map((a) => a.id),
    }));
}

/** The server names who passes the permissions and agent flags; a flag that is off lets no one through. */
export function operationRows(operations: readonly AuditedOperation[], enabled: readonly FeatureFlagName[]): AuditRow[] {
  return operations.map((op) => {
    const flags = flagStates(op.feature_flags, enabled);
    return {
      key: op.operation_id,
      target: `${op.method} ${op.path}`,
      title: op.summary || op.operation_id,
      needs: describeOperation(op),
      flags,
      holderIds: flags.every((f) => f.on) ? op.holder_ids : [],
    };
  });
}

/** "Everyone active (12)", "No one", or the names. */
export function describeHolders(ids: readonly number[], agents: readonly AuditedAgent[]): string {
  const active = agents.filter((a) => a.status === 'active');
  if (ids.length === 0) return 'No one';
  if (active.length > 1 && ids.length === active.length) return `Every active agent (${ids.length})`;
  const names = new Map(agents.map((a) => [a.id, a.full_name]));
  return ids.map((id) => names.get(id) ?? `#${id}`).join(', ');
}

/** Case-insensitive match on the target, title, needs, flags, or the name of an agent who gets through. */
export function filterRows(rows: readonly AuditRow[], text: string, agents: readonly AuditedAgent[]): AuditRow[] {
  const q = text.trim().toLowerCase();
  if (!q) return [...rows];
  const matching = new Set(agents.filter((a) => a.full_name.toLowerCase().includes(q) || a.email.toLowerCase().includes(q)).map((a) => a.id));
  return rows.filter(
    (r) =>
      r.target.toLowerCase().includes(q) ||
      r.title.toLowerCase().includes(q) ||
      r.needs.toLowerCase().includes(q) ||
      r.flags.some((f) => f.name.includes(q)) ||
      r.holderIds.some((id) => matching.has(id)),
  );
}
