import { sql } from 'drizzle-orm';
import type { components } from '../../openapi/schema.js';
import { audit } from '../lib/audit.js';
import { badRequest, conflict, notFound } from '../lib/errors.js';
import { firstRow, iso, rows, type SqlRunner } from '../lib/sql.js';
import { defineHandlers } from './types.js';

type Team = components['schemas']['Team'];

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

const inList = (values: (number | string)[]) => sql`(${sql.join(values.map((v) => sql`${v}`), sql`, `)})`;

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
    const name = body.name.trim();
    if (!name) throw badRequest(TEAM_NAME_REQUIRED, [{ path: 'body/name', message: TEAM_NAME_REQUIRED }]);
    const description = body.description?.trim() || null;
    const agentIds = body.agentIds ?? [];
    const tags = [...new Set((body.allowed_tags ?? []).map((t) => t.trim()).filter(Boolean))];
    if (agentIds.length) {
      const known = await rows<{ id: number }>(db, sql`select id from agents where org_id = ${principal.orgId} and id in ${inList(agentIds)}`);
      if (known.length !== agentIds.length) throw notFound('Agent');
    }
    if (tags.length) {
      const known = await rows<{ title: string }>(db, sql`select title from tags where org_id = ${principal.orgId} and title in ${inList(tags)}`);
      if (known.length !== tags.length) throw notFound('Tag');
    }
    if (await firstRow(db, sql`select 1 from teams where org_id = ${principal.orgId} and lower(name) = lower(${name})`)) throw duplicateName();
    let id: number;
    try {
      id = await db.transaction(async (tx) => {
        const created = await firstRow<{ id: number }>(
          tx,
          sql`insert into teams (org_id, name, description, allowed_tags) values (${principal.orgId}, ${name}, ${description}, ${tags.length ? sql`array[${sql.join(tags.map((t) => sql`${t}`), sql`, `)}]` : sql`'{}'`}::text[]) returning id`,
        );
        for (const agentId of agentIds) {
          await tx.execute(sql`insert into team_members (org_id, team_id, agent_id) values (${principal.orgId}, ${created!.id}, ${agentId})`);
        }
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
    return team!;
  },
});
