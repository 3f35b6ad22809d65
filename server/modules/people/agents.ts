import { sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import { effectivePermissions, hasPermission } from '../../auth/principal.js';
import { createInvitation, sendInvitation } from '../../domain/people/invite.js';
import { guardEffectivePermissions } from '../../domain/permissions/escalation.js';
import { AGENT_PRESET } from '../../domain/permissions/presets.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { firstRow, rows } from '../../db/sql.js';
import { assertOrgAgent, assertSelfOr, loadManagedAgent, loadManagedAgents } from './agents.queries.js';
import { defineHandlers } from '../types.js';

type NotificationKind = components['schemas']['NotificationKind'];
const KINDS: NotificationKind[] = ['assignment', 'mention', 'rule'];

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string })?.code === '23505' || (error as { cause?: { code?: string } })?.cause?.code === '23505';
const addressInUse = () => conflict('An agent with this email address already exists.');

async function notificationSettings(db: Parameters<typeof rows>[0], agentId: number) {
  const stored = await rows<{ kind: string; enabled: boolean }>(db, sql`select kind, enabled from notification_preferences where agent_id = ${agentId}`);
  const off = new Set(stored.filter((s) => !s.enabled).map((s) => s.kind));
  return { agent_id: agentId, settings: KINDS.map((kind) => ({ kind, enabled: !off.has(kind) })) };
}

export const agentsHandlers = defineHandlers({
  async listManagedAgents({ db, principal }) {
    return { agents: await loadManagedAgents(db, principal.orgId) };
  },

  async getManagedAgent({ db, principal, params }) {
    assertSelfOr(principal, params.id, 'read_agents');
    return loadManagedAgent(db, principal.orgId, params.id);
  },

  async inviteAgent({ db, req, principal, body, services }) {
    const email = body.email.trim().toLowerCase();
    const fullName = body.full_name.trim();
    if (!fullName) throw badRequest('Name is required.', [{ path: 'body/full_name', message: 'Name is required.' }]);
    // Addresses are unique across organisations because sign-in is by address alone.
    if (await firstRow(db, sql`select 1 from agents where email = ${email}`)) throw addressInUse();
    const teamIds = body.team_ids ?? [];
    if (teamIds.length) {
      const known = await rows<{ id: number }>(
        db,
        sql`select id from teams where org_id = ${principal.orgId} and id in (${sql.join(
          teamIds.map((t) => sql`${t}`),
          sql`, `,
        )})`,
      );
      if (known.length !== teamIds.length) throw notFound('Team');
    }
    // The Agent preset, less anything the inviter could not grant by hand in the permission editor.
    const grants = AGENT_PRESET.filter((name) => hasPermission(principal, name));
    const org = await firstRow<{ display_name: string }>(db, sql`select display_name from organisations where id = ${principal.orgId}`);
    let mail: Awaited<ReturnType<typeof createInvitation>>;
    let agentId: number;
    try {
      ({ mail, agentId } = await db.transaction(async (tx) => {
        // No existing agent changes; the new one is judged from nothing after the writes.
        const guard = await guardEffectivePermissions(tx, principal, []);
        const created = await firstRow<{ id: number }>(
          tx,
          sql`insert into agents (org_id, email, full_name, status) values (${principal.orgId}, ${email}, ${fullName}, 'active') returning id`,
        );
        const id = created!.id;
        if (grants.length) {
          await tx.execute(sql`insert into permission_associations (org_id, association_type, association_id, permission_id)
            select ${principal.orgId}, 'agent', ${id}, p.id from permissions p where p.name in (${sql.join(
              grants.map((g) => sql`${g}`),
              sql`, `,
            )})`);
        }
        for (const teamId of teamIds) {
          await tx.execute(sql`insert into team_members (org_id, team_id, agent_id) values (${principal.orgId}, ${teamId}, ${id})`);
        }
        // A team with a permission set rules its members: the invitee works with that set, so it
        // must be within what the inviter holds, like the preset above.
        await guard.verify([id]);
        await audit(tx, req, {
          orgId: principal.orgId,
          agentId: principal.agentId,
          action: 'agent.invited',
          objectType: 'AGENT',
          objectId: id,
          before: null,
          after: { email, full_name: fullName, team_ids: teamIds, permissions: grants },
        });
        const invitation = await createInvitation(
          tx,
          services.config,
          { id, orgId: principal.orgId, email, fullName },
          principal.fullName,
          org?.display_name ?? 'your organisation',
        );
        return { mail: invitation, agentId: id };
      }));
    } catch (error) {
      throw isUniqueViolation(error) ? addressInUse() : error;
    }
    await sendInvitation(services.mailer, req.log, mail);
    return loadManagedAgent(db, principal.orgId, agentId);
  },

  async deactivateAgent({ db, req, principal, params }) {
    const agent = await assertOrgAgent(db, principal, params.id);
    if (agent.id === principal.agentId) throw badRequest('You cannot deactivate yourself.');
    // root_all bypasses every check, so only someone who holds it may take it out of service.
    if (!principal.rootAll && (await effectivePermissions(db, agent.id)).has('root_all')) {
      throw forbidden('Only an agent holding every permission can deactivate this agent.');
    }
    if (agent.status !== 'inactive') {
      await db.transaction(async (tx) => {
        await tx.execute(sql`update agents set status = 'inactive' where id = ${agent.id} and org_id = ${principal.orgId}`);
        // Every session ends now: no refresh works again, and access tokens die with the status check.
        await tx.execute(sql`update refresh_tokens set revoked_at = now() where agent_id = ${agent.id} and revoked_at is null`);
        await tx.execute(sql`update magic_links set used_at = now() where agent_id = ${agent.id} and used_at is null`);
        await audit(tx, req, {
          orgId: principal.orgId,
          agentId: principal.agentId,
          action: 'agent.deactivated',
          objectType: 'AGENT',
          objectId: agent.id,
          before: { status: agent.status },
          after: { status: 'inactive' },
        });
      });
    }
    return loadManagedAgent(db, principal.orgId, agent.id);
  },

  async reactivateAgent({ db, req, principal, params }) {
    const agent = await assertOrgAgent(db, principal, params.id);
    if (agent.status !== 'active') {
      await db.transaction(async (tx) => {
        await tx.execute(sql`update agents set status = 'active' where id = ${agent.id} and org_id = ${principal.orgId}`);
        await audit(tx, req, {
          orgId: principal.orgId,
          agentId: principal.agentId,
          action: 'agent.reactivated',
          objectType: 'AGENT',
          objectId: agent.id,
          before: { status: agent.status },
          after: { status: 'active' },
        });
      });
    }
    return loadManagedAgent(db, principal.orgId, agent.id);
  },

  async getNotificationSettings({ db, principal, params }) {
    await assertOrgAgent(db, principal, params.id);
    assertSelfOr(principal, params.id, 'read_agents');
    return notificationSettings(db, params.id);
  },

  async saveNotificationSettings({ db, req, principal, params, body }) {
    await assertOrgAgent(db, principal, params.id);
    assertSelfOr(principal, params.id, 'edit_notification_settings');
    const before = await notificationSettings(db, params.id);
    await db.transaction(async (tx) => {
      for (const { kind, enabled } of body.settings) {
        await tx.execute(sql`insert into notification_preferences (org_id, agent_id, kind, enabled) values (${principal.orgId}, ${params.id}, ${kind}, ${enabled})
          on conflict (agent_id, kind) do update set enabled = excluded.enabled, updated_at = now()`);
      }
      const after = await notificationSettings(tx, params.id);
      const was = Object.fromEntries(before.settings.map((s) => [s.kind, s.enabled]));
      const now = Object.fromEntries(after.settings.map((s) => [s.kind, s.enabled]));
      const changed = KINDS.filter((k) => was[k] !== now[k]);
      if (changed.length) {
        await audit(tx, req, {
          orgId: principal.orgId,
          agentId: principal.agentId,
          action: 'notification_settings.saved',
          objectType: 'AGENT',
          objectId: params.id,
          before: Object.fromEntries(changed.map((k) => [k, was[k]])),
          after: Object.fromEntries(changed.map((k) => [k, now[k]])),
        });
      }
    });
    return notificationSettings(db, params.id);
  },
});
