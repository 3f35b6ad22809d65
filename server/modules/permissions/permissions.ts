import { sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import { audit } from '../../lib/audit.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { firstRow, rows, type SqlRunner } from '../../db/sql.js';
import { guardEffectivePermissions, judgeDirectChange, teamMemberIds } from '../../domain/permissions/escalation.js';
import { AGENT_PRESET, MANAGER_PRESET } from '../../domain/permissions/presets.js';
import { defineHandlers } from '../types.js';

type AssociationType = 'agent' | 'team';

/** The agent or team must belong to the caller's organisation (404 otherwise); answers its name. */
async function assertAssociation(db: SqlRunner, principal: Principal, type: AssociationType, id: number): Promise<string> {
  const found =
    type === 'agent'
      ? await firstRow<{ name: string }>(db, sql`select full_name as name from agents where id = ${id} and org_id = ${principal.orgId}`)
      : await firstRow<{ name: string }>(db, sql`select name from teams where id = ${id} and org_id = ${principal.orgId}`);
  if (!found) throw notFound(type === 'agent' ? 'Agent' : 'Team');
  return found.name;
}

async function heldIds(db: SqlRunner, principal: Principal, type: AssociationType, id: number): Promise<number[]> {
  const held = await rows<{ permission_id: number }>(
    db,
    sql`select permission_id from permission_associations
      where org_id = ${principal.orgId} and association_type = ${type} and association_id = ${id}
      order by permission_id`,
  );
  return held.map((p) => p.permission_id);
}

export const permissionsHandlers = defineHandlers({
  async listPermissions({ db }) {
    const permissions = await rows<{ id: number; name: string; label: string; description: string; type: string }>(
      db,
      sql`select id, name, label, description, type from permissions order by type, label, id`,
    );
    return { permissions: permissions as never, presets: { agent: [...AGENT_PRESET], manager: [...MANAGER_PRESET] } };
  },

  async getAssociationPermissions({ db, principal, query }) {
    await assertAssociation(db, principal, query.associationType, query.associationId);
    return {
      associationId: query.associationId,
      associationType: query.associationType,
      permission_ids: await heldIds(db, principal, query.associationType, query.associationId),
    };
  },

  async saveAssociationPermissions({ db, req, principal, body }) {
    const { associationId, associationType } = body;
    const holder = await assertAssociation(db, principal, associationType, associationId);
    const wanted = [...new Set(body.permission_ids)].sort((a, b) => a - b);
    const catalogue = new Map((await rows<{ id: number; name: string }>(db, sql`select id, name from permissions`)).map((p) => [p.id, p.name] as const));
    const unknown = wanted.filter((id) => !catalogue.has(id));
    if (unknown.length) {
      throw badRequest(
        `Unknown permission ids: ${unknown.join(', ')}`,
        unknown.map((id) => ({ path: 'body/permission_ids', message: `${id} is not a permission` })),
      );
    }
    const name = (id: number) => catalogue.get(id) ?? String(id);
    await db.transaction(async (tx) => {
      // The lock comes first, so the set read next is the one replaced.
      const guard = await guardEffectivePermissions(tx, principal, () =>
        associationType === 'agent' ? Promise.resolve([associationId]) : teamMemberIds(tx, principal.orgId, [associationId]),
      );
      const current = await heldIds(tx, principal, associationType, associationId);
      const added = wanted.filter((id) => !current.includes(id));
      const removed = current.filter((id) => !wanted.includes(id));
      // The set as written: only what the caller holds (root_all holds everything), never their own.
      judgeDirectChange(principal, { type: associationType, id: associationId, name: holder }, added.map(name), removed.map(name));
      if (removed.length) {
        await tx.execute(sql`delete from permission_associations
          where org_id = ${principal.orgId} and association_type = ${associationType} and association_id = ${associationId}
            and permission_id in (${sql.join(
              removed.map((id) => sql`${id}`),
              sql`, `,
            )})`);
      }
      for (const id of added) {
        await tx.execute(sql`insert into permission_associations (org_id, association_type, association_id, permission_id)
          values (${principal.orgId}, ${associationType}, ${associationId}, ${id}) on conflict do nothing`);
      }
      if (associationType === 'team') {
        // A team carries a permission set (which then takes precedence over its members' own sets)
        // exactly when the set is not empty.
        await tx.execute(sql`update teams set has_permission_set = ${wanted.length > 0} where id = ${associationId} and org_id = ${principal.orgId}`);
      }
      // The effect: what every member (or the agent) gains or loses, by the rule sign-in uses.
      await guard.verify();
      await audit(tx, req, {
        orgId: principal.orgId,
        agentId: principal.agentId,
        action: 'permissions.saved',
        objectType: associationType === 'agent' ? 'AGENT' : 'TEAM',
        objectId: associationId,
        details: { added: added.map(name), removed: removed.map(name) },
        // the whole set before and after, by name, so the audit log shows what the holder could do then and now
        before: { permissions: current.map(name).sort() },
        after: { permissions: wanted.map(name).sort() },
      });
    });
    return { associationId, associationType, permission_ids: wanted };
  },
});
