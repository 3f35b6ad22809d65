import { sql } from 'drizzle-orm';
import { effectivePermissions, hasPermission, type Principal } from '../../auth/principal.js';
import { ApiError, type ErrorDetail } from '../../lib/errors.js';
import { rows, type SqlRunner } from '../../db/sql.js';

/**
 * No escalation through any association (docs/decisions.md, "Permission changes are judged by
 * their effect"). Every call that can change what an agent may do — an agent's own set, a team's
 * set, who belongs to a team, deleting a team, inviting an agent — runs its writes between
 * `guardEffectivePermissions` and `verify()` in one transaction. The guard takes the
 * organisation's permission lock, notes the affected agents' effective sets (by the rule the
 * principal is loaded with), and `verify()` compares them after the writes. A change the caller
 * may not make throws 403 and the transaction rolls back, so nothing is written.
 *
 * The rules, for every permission any affected agent gains or loses:
 * 1. the caller holds it (root_all holds everything; only a root_all holder grants or takes root_all);
 * 2. the caller is not among the affected agents: nobody changes their own permissions;
 * 3. a change to an existing agent's permissions needs edit_permissions, whichever call makes it
 *    (a team edit or delete with edit_teams or delete_teams alone cannot move permissions).
 */

export interface AgentChange {
  agentId: number;
  name: string;
  gained: string[];
  lost: string[];
  /** created by this call: its starting set comes with the invitation (edit_agents) */
  isNew: boolean;
}

const LISTED = 8;
/** "a, b, c and 12 more": a refusal names what is at stake without flooding the console. */
const list = (names: string[]) => (names.length <= LISTED ? names.join(', ') : `${names.slice(0, LISTED).join(', ')} and ${names.length - LISTED} more`);
const sorted = (names: Iterable<string>) => [...names].sort();

function describeChange(who: string, gained: string[], lost: string[], short: boolean): string {
  const say = short ? list : (names: string[]) => names.join(', ');
  const parts = [gained.length ? `would gain ${say(gained)}` : '', lost.length ? `would lose ${say(lost)}` : ''].filter(Boolean);
  return `${who} ${parts.join(' and ')}`;
}

/** Throws 403 when the caller may not make these changes; no change at all passes. */
export function judgeChanges(principal: Principal, changes: AgentChange[]): void {
  const effective = changes.filter((c) => c.gained.length || c.lost.length);
  if (!effective.length) return;
  const notHeld = effective
    .map((c) => ({ ...c, gained: c.gained.filter((n) => !hasPermission(principal, n)), lost: c.lost.filter((n) => !hasPermission(principal, n)) }))
    .filter((c) => c.gained.length || c.lost.length);
  const own = effective.find((c) => c.agentId === principal.agentId);
  const needsEditPermissions = !hasPermission(principal, 'edit_permissions') ? effective.filter((c) => !c.isNew) : [];

  const details: ErrorDetail[] = [
    ...notHeld.map((c) => ({ path: `agents/${c.agentId}`, message: `${describeChange(c.name, c.gained, c.lost, false)}, which you do not hold` })),
    ...(own ? [{ path: `agents/${own.agentId}`, message: `${describeChange('You', own.gained, own.lost, false)}: nobody changes their own permissions` }] : []),
    ...needsEditPermissions.map((c) => ({
      path: `agents/${c.agentId}`,
      message: `${describeChange(c.name, c.gained, c.lost, false)}: changing permissions needs edit_permissions`,
    })),
  ];
  if (notHeld.length) {
    throw new ApiError(
      'forbidden',
      `You can only grant or remove permissions you hold yourself: ${notHeld.map((c) => describeChange(c.name, c.gained, c.lost, true)).join('; ')}.`,
      details,
    );
  }
  if (own) {
    throw new ApiError(
      'forbidden',
      `You cannot change your own permissions (${describeChange('you', own.gained, own.lost, true)}); another agent must make this change.`,
      details,
    );
  }
  if (needsEditPermissions.length) {
    throw new ApiError(
      'forbidden',
      `This change would alter the permissions of ${needsEditPermissions.map((c) => c.name).join(', ')}, which needs the permission edit_permissions.`,
      details,
    );
  }
}

/**
 * A permission set written directly (saveAssociationPermissions): whatever its effect, the caller
 * adds or removes only what they hold, and never writes their own agent set. This also covers sets
 * that have no effect yet (an agent's own set while a team's set rules them, a team without members),
 * so nothing can be planted for later.
 */
export function judgeDirectChange(principal: Principal, holder: { type: 'agent' | 'team'; id: number; name: string }, added: string[], removed: string[]) {
  if (!added.length && !removed.length) return;
  const notHeld = [...added, ...removed].filter((n) => !hasPermission(principal, n));
  const what = describeChange(`The permission set of ${holder.name}`, sorted(added), sorted(removed), true);
  if (notHeld.length) {
    throw new ApiError('forbidden', `You can only grant or remove permissions you hold yourself: ${sorted(notHeld).join(', ')}.`, [
      { path: 'body/permission_ids', message: `${what}; you do not hold ${sorted(notHeld).join(', ')}` },
    ]);
  }
  if (holder.type === 'agent' && holder.id === principal.agentId) {
    throw new ApiError('forbidden', 'You cannot change your own permissions; another agent must make this change.', [
      { path: 'body/permission_ids', message: what },
    ]);
  }
}

/** The members of the given teams of the organisation. */
export async function teamMemberIds(db: SqlRunner, orgId: number, teamIds: number[]): Promise<number[]> {
  if (!teamIds.length) return [];
  const found = await rows<{ agent_id: number }>(
    db,
    sql`select distinct agent_id from team_members where org_id = ${orgId} and team_id in (${sql.join(
      teamIds.map((id) => sql`${id}`),
      sql`, `,
    )}) order by agent_id`,
  );
  return found.map((r) => r.agent_id);
}

export interface PermissionGuard {
  /**
   * Compares the affected agents' effective sets with those noted by the guard; `created` names
   * agents this call created (they held nothing before). Throws 403 on a change the caller may
   * not make.
   */
  verify: (created?: number[]) => Promise<void>;
}

/**
 * Takes the organisation's permission lock (so two concurrent changes cannot each pass on a state
 * the other changes), then notes the effective sets of the affected agents. `affected` is read
 * after the lock: pass a function when it depends on the database (a team's members).
 */
export async function guardEffectivePermissions(tx: SqlRunner, principal: Principal, affected: number[] | (() => Promise<number[]>)): Promise<PermissionGuard> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`permissions:${principal.orgId}`}))`);
  const ids = [...new Set(typeof affected === 'function' ? await affected() : affected)];
  const before = new Map<number, Set<string>>();
  for (const id of ids) before.set(id, await effectivePermissions(tx, id));
  return {
    async verify(created = []) {
      const all = [...new Set([...ids, ...created])];
      if (!all.length) return;
      const names = new Map(
        (
          await rows<{ id: number; full_name: string }>(
            tx,
            sql`select id, full_name from agents where id in (${sql.join(
              all.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          )
        ).map((a) => [a.id, a.full_name] as const),
      );
      const changes: AgentChange[] = [];
      for (const id of all) {
        const was = before.get(id) ?? new Set<string>();
        const now = await effectivePermissions(tx, id);
        changes.push({
          agentId: id,
          name: names.get(id) ?? `Agent ${id}`,
          gained: sorted([...now].filter((n) => !was.has(n))),
          lost: sorted([...was].filter((n) => !now.has(n))),
          isNew: !before.has(id),
        });
      }
      judgeChanges(principal, changes);
    },
  };
}
