import { sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import { guardEffectivePermissions, teamMemberIds } from '../../domain/permissions/escalation.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { firstRow, iso, rows, type SqlRunner } from '../../db/sql.js';
import { defineHandlers } from '../types.js';

type Team = components['schemas']['Team'];
type TeamBody = components['schemas']['TeamCreate'];

export const TEAM_NAME_REQUIRED = 'Team name is required.';

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string })?.code === '23505' || (error as { cause?: { code?: string } })?.cause?.code === '23505';
const duplicateName = () => conflict('A team with this name already exists.');

interface TeamRow extends Omit<Team, 'created_at' | 'agent_ids'> {
  agent_ids: number[] | null;
  created_at: Date | string;
}

async function loadTeams(db: SqlRunner, orgId: number, teamId?: number): Promise<Team[]> {
  const found = await rows<TeamRow>(
    db,
    sql`select t.id, t.name, t.description, t.allowed_tags, t.has_permission_set, t.created_at,
        (select array_agg(tm.agent_id order by tm.agent_id) from team_members tm where tm.org_id = t.org_id and tm.team_id = t.id) as agent_ids
      from teams t where t.org_id = ${orgId} ${teamId === undefined ? sql`` : sql`and t.id = ${teamId}`}
      order by lower(t.name), t.id`,
  );
  return found.map((t) => ({ ...t, allowed_tags: t.allowed_tags ?? [], agent_ids: t.agent_ids ?? [], created_at: iso(t.created_at) }));
}

const inList = (values: (number | string)[]) =>
  sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
const textArray = (values: string[]) =>
  values.length
    ? sql`array[${sql.join(
        values.map((t) => sql`${t}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;

/** The create and edit checks: a name, agents and tags of the organisation, a name no other team uses. */
async function checkedTeam(db: SqlRunner, orgId: number, body: TeamBody, teamId?: number) {
  const name = body.name.trim();
  if (!name) throw badRequest(TEAM_NAME_REQUIRED, [{ path: 'body/name', message: TEAM_NAME_REQUIRED }]);
  const description = body.description?.trim() || null;
  const agentIds = body.agentIds ?? [];
  const tags = [...new Set((body.allowed_tags ?? []).map((t) => t.trim()).filter(Boolean))];
  if (agentIds.length) {
    const known = await rows<{ id: number }>(db, sql`select id from agents where org_id = ${orgId} and id in ${inList(agentIds)}`);
    if (known.length !== agentIds.length) throw notFound('Agent');
  }
  if (tags.length) {
    const known = await rows<{ title: string }>(db, sql`select title from tags where org_id = ${orgId} and title in ${inList(tags)}`);
    if (known.length !== tags.length) throw notFound('Tag');
  }
  const other = teamId === undefined ? sql`` : sql`and id <> ${teamId}`;
  if (await firstRow(db, sql`select 1 from teams where org_id = ${orgId} and lower(name) = lower(${name}) ${other}`)) throw duplicateName();
  return { name, description, agentIds, tags };
}

const auditShape = (t: Team) => ({ name: t.name, description: t.description, agent_ids: t.agent_ids, allowed_tags: t.allowed_tags });

export const teamsHandlers = defineHandlers({
  async listTeams({ db, principal }) {
    return { teams: await loadTeams(db, principal.orgId) };
  },

  async getTeam({ db, principal, params }) {
    const [team] = await loadTeams(db, principal.orgId, params.id);
    if (!team) throw notFound('Team');
    return team;
  },

  async createTeam({ db, req, principal, body }) {
    const { name, description, agentIds, tags } = await checkedTeam(db, principal.orgId, body);
    let id: number;
    try {
      id = await db.transaction(async (tx) => {
        // A new team carries no permission set, so its members keep theirs; checked all the same,
        // like every change of who belongs where (server/domain/permissions/escalation.ts).
        const guard = await guardEffectivePermissions(tx, principal, agentIds);
        const created = await firstRow<{ id: number }>(
          tx,
          sql`insert into teams (org_id, name, description, allowed_tags) values (${principal.orgId}, ${name}, ${description}, ${textArray(tags)}) returning id`,
        );
        for (const agentId of agentIds) {
          await tx.execute(sql`insert into team_members (org_id, team_id, agent_id) values (${principal.orgId}, ${created!.id}, ${agentId})`);
        }
        await guard.verify();
        await audit(tx, req, {
          orgId: principal.orgId,
          agentId: principal.agentId,
          action: 'team.created',
          objectType: 'TEAM',
          objectId: created!.id,
          before: null,
          after: { name, description, agent_ids: agentIds, allowed_tags: tags },
        });
        return created!.id;
      });
    } catch (error) {
      throw isUniqueViolation(error) ? duplicateName() : error;
    }
    const [team] = await loadTeams(db, principal.orgId, id);
    return team;
  },

  async updateTeam({ db, req, principal, params, body }) {
    const [before] = await loadTeams(db, principal.orgId, params.id);
    if (!before) throw notFound('Team');
    const { name, description, agentIds, tags } = await checkedTeam(db, principal.orgId, body, before.id);
    try {
      await db.transaction(async (tx) => {
        // Joining or leaving a team with a permission set changes what the agent may do: the members
        // before and after are checked (server/domain/permissions/escalation.ts).
        const guard = await guardEffectivePermissions(tx, principal, async () => [...(await teamMemberIds(tx, principal.orgId, [before.id])), ...agentIds]);
        await tx.execute(
          sql`update teams set name = ${name}, description = ${description}, allowed_tags = ${textArray(tags)} where org_id = ${principal.orgId} and id = ${before.id}`,
        );
        await tx.execute(sql`delete from team_members where org_id = ${principal.orgId} and team_id = ${before.id}`);
        for (const agentId of agentIds) {
          await tx.execute(sql`insert into team_members (org_id, team_id, agent_id) values (${principal.orgId}, ${before.id}, ${agentId})`);
        }
        await guard.verify();
        await audit(tx, req, {
          orgId: principal.orgId,
          agentId: principal.agentId,
          action: 'team.updated',
          objectType: 'TEAM',
          objectId: before.id,
          before: auditShape(before),
          after: { name, description, agent_ids: [...agentIds].sort((x, y) => x - y), allowed_tags: tags },
        });
      });
    } catch (error) {
      throw isUniqueViolation(error) ? duplicateName() : error;
    }
    const [team] = await loadTeams(db, principal.orgId, before.id);
    return team;
  },

  async deleteTeam({ db, req, principal, params }) {
    const [before] = await loadTeams(db, principal.orgId, params.id);
    if (!before) throw notFound('Team');
    await db.transaction(async (tx) => {
      // Its members go back to their own sets when the team carried one: checked like any change.
      const guard = await guardEffectivePermissions(tx, principal, () => teamMemberIds(tx, principal.orgId, [before.id]));
      // grants name the team by id without a foreign key: they go with it
      await tx.execute(
        sql`delete from permission_associations where org_id = ${principal.orgId} and association_type = 'team' and association_id = ${before.id}`,
      );
      await tx.execute(
        sql`update data_settings set team_ids_with_censorship_read_permission = array_remove(team_ids_with_censorship_read_permission, ${before.id})
          where org_id = ${principal.orgId} and ${before.id} = any(team_ids_with_censorship_read_permission)`,
      );
      // memberships go by the foreign key's cascade
      await tx.execute(sql`delete from teams where org_id = ${principal.orgId} and id = ${before.id}`);
      await guard.verify();
      await audit(tx, req, {
        orgId: principal.orgId,
        agentId: principal.agentId,
        action: 'team.deleted',
        objectType: 'TEAM',
        objectId: before.id,
        before: { ...auditShape(before), has_permission_set: before.has_permission_set },
        after: null,
      });
    });
  },
});
