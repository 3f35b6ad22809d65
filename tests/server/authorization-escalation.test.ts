// The authorization suite's escalation section (docs/decisions.md, "Permission changes are judged
// by their effect"): for each kind of caller — the Agent preset, the Manager preset, and an agent
// holding edit_permissions with few others — every path that changes what an agent may do is
// tried: their own set, another agent's set, a team's set (adding and removing), team membership
// (create and edit), team delete, and the Agent preset applied by an invitation. A refusal is 403
// in the error shape, names what is not held, and leaves the database as it was.
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectivePermissions } from '../../server/auth/principal.js';
import { AGENT_PRESET, MANAGER_PRESET } from '../../server/domain/permissions/presets.js';
import { createTestContext, type TestContext } from './helpers/app.js';

const ANALYST = 'analyst@demo.test'; // Agent preset, member of Investigations
const MANAGER = 'manager@demo.test'; // Manager preset, member of Investigations
const CLERK = 'permissions-clerk@demo.test'; // edit_permissions and few others
const TEAM_CLERK = 'teams-clerk@demo.test'; // the Manager preset without edit_permissions
const CLERK_SET = [
  'edit_permissions',
  'read_permissions',
  'edit_agents',
  'read_agents',
  'read_teams',
  'create_teams',
  'edit_teams',
  'delete_teams',
  'read_alerts',
];
const FRAUD_SET = ['edit_alerts', 'read_alerts', 'read_cases', 'read_entities', 'read_events', 'read_rules', 'read_transaction_instruments'];

let t: TestContext;
const unique = () => `${Date.now()}${Math.random().toString(36).slice(2, 7)}`;
const agentId = async (email: string) => (await t.one<{ id: number }>(sql`select id from agents where email = ${email}`)).id;
const teamId = async (name: string) => (await t.one<{ id: number }>(sql`select id from teams where org_id = 1 and name = ${name}`)).id;
const permissionIds = async (names: readonly string[]) =>
  !names.length
    ? []
    : (
        await t.all<{ id: number }>(
          sql`select id from permissions where name in (${sql.join(
            names.map((n) => sql`${n}`),
            sql`, `,
          )}) order by id`,
        )
      ).map((p) => p.id);
const ownSet = async (type: 'agent' | 'team', id: number) =>
  (
    await t.all<{ name: string }>(sql`select p.name from permission_associations pa join permissions p on p.id = pa.permission_id
      where pa.association_type = ${type} and pa.association_id = ${id} order by p.name`)
  ).map((p) => p.name);
const effective = async (email: string) => [...(await effectivePermissions(t.database.db, await agentId(email)))].sort();
const members = async (team: number) =>
  (await t.all<{ agent_id: number }>(sql`select agent_id from team_members where team_id = ${team} order by agent_id`)).map((m) => m.agent_id);

const saveSet = async (as: string, associationType: 'agent' | 'team', associationId: number, names: readonly string[]) =>
  t.callAs(as, 'PUT', '/api/permissions/association', { associationType, associationId, permission_ids: await permissionIds(names) });
const teamBody = async (team: number, agentIds: number[]) => {
  const row = await t.one<{ name: string }>(sql`select name from teams where id = ${team}`);
  return { name: row.name, agentIds };
};
const editTeam = async (as: string, team: number, agentIds: number[]) =>
  t.callAs(as, 'PUT', `/api/user-management/teams/${team}`, await teamBody(team, agentIds));
const invite = (as: string, body: Record<string, unknown>) => t.callAs(as, 'POST', '/api/user-management/agents', body);

/** Everything a permission change could write. Callers are signed in beforehand (sign-in writes links). */
async function state() {
  return {
    grants: await t.all(sql`select association_type, association_id, permission_id from permission_associations order by 1, 2, 3`),
    members: await t.all(sql`select team_id, agent_id from team_members order by 1, 2`),
    teams: await t.all(sql`select id, name, description, has_permission_set from teams order by id`),
    agents: await t.all(sql`select id, email, status from agents order by id`),
    links: await t.all(sql`select count(*)::int as n from magic_links`),
    audit: await t.all(sql`select count(*)::int as n from audit_log
      where action in ('permissions.saved', 'team.created', 'team.updated', 'team.deleted', 'agent.invited')`),
  };
}

/** The attempt answers 403 in the error shape with the message, and writes nothing. */
async function refused(attempt: () => Promise<LightMyRequestResponse>, message: RegExp) {
  const before = await state();
  const res = await attempt();
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().error).toMatchObject({ code: 'forbidden', message: expect.stringMatching(message) });
  expect(Array.isArray(res.json().error.details)).toBe(true);
  expect(await state()).toEqual(before);
  return res.json().error as { message: string; details: { path?: string; message: string }[] };
}
const NOT_HELD = /^You can only grant or remove permissions you hold yourself: /;
const SELF = /^You cannot change your own permissions/;

let investigations: number;
let sanctions: number;
let fraud: number;
/** A team made by the admin whose set holds impersonate_agents, which no preset has; Grace Chen is its member. */
let vault: number;

beforeAll(async () => {
  t = await createTestContext();
  for (const [email, name, set] of [
    [CLERK, 'Cleo Clerk', CLERK_SET],
    [TEAM_CLERK, 'Teddy Teams', MANAGER_PRESET.filter((p) => p !== 'edit_permissions')],
  ] as const) {
    const created = await t.one<{ id: number }>(sql`insert into agents (org_id, email, full_name) values (1, ${email}, ${name}) returning id`);
    await t.database.db.execute(sql`insert into permission_associations (org_id, association_type, association_id, permission_id)
      select 1, 'agent', ${created.id}, id from permissions where name in (${sql.join(
        set.map((n) => sql`${n}`),
        sql`, `,
      )})`);
  }
  for (const email of [ANALYST, MANAGER, CLERK, TEAM_CLERK, 'admin@demo.test']) await t.signIn(email);
  investigations = await teamId('Investigations');
  sanctions = await teamId('Sanctions & Screening');
  fraud = await teamId('Fraud Operations');
  const created = await t.callAs('admin@demo.test', 'POST', '/api/user-management/teams', {
    name: `Vault ${unique()}`,
    agentIds: [await agentId('grace.chen@demo.test')],
  });
  vault = created.json().id;
  expect((await saveSet('admin@demo.test', 'team', vault, ['impersonate_agents', 'read_alerts'])).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('escalation through associations', () => {
  describe("a caller's own permission set", () => {
    for (const caller of [ANALYST, MANAGER, CLERK]) {
      it(`${caller}: removing one they hold from their own set is refused; adding one they lack names it`, async () => {
        const me = await agentId(caller);
        const own = await ownSet('agent', me);
        await refused(
          () =>
            saveSet(
              caller,
              'agent',
              me,
              own.filter((p) => p !== 'read_alerts'),
            ),
          SELF,
        );
        const error = await refused(() => saveSet(caller, 'agent', me, [...own, 'impersonate_agents']), NOT_HELD);
        expect(error.message).toContain('impersonate_agents');
      });
    }
  });

  describe("another agent's set", () => {
    it('the Agent preset cannot give or take what only a manager holds, and changes what it holds', async () => {
      const jordan = await agentId('jordan.lee@demo.test');
      const sofia = await agentId('sofia.reyes@demo.test');
      const jordanSet = await ownSet('agent', jordan);
      expect((await refused(() => saveSet(ANALYST, 'agent', jordan, [...jordanSet, 'create_teams']), NOT_HELD)).message).toContain('create_teams');
      const sofiaSet = await ownSet('agent', sofia);
      expect(
        (
          await refused(
            () =>
              saveSet(
                ANALYST,
                'agent',
                sofia,
                sofiaSet.filter((p) => p !== 'delete_teams'),
              ),
            NOT_HELD,
          )
        ).message,
      ).toContain('delete_teams');
      // legitimate: a permission both hold, taken and given back
      expect(
        (
          await saveSet(
            ANALYST,
            'agent',
            jordan,
            jordanSet.filter((p) => p !== 'read_rules'),
          )
        ).statusCode,
      ).toBe(200);
      expect(await effective('jordan.lee@demo.test')).not.toContain('read_rules');
      expect((await saveSet(ANALYST, 'agent', jordan, jordanSet)).statusCode).toBe(200);
      expect(await ownSet('agent', jordan)).toEqual(jordanSet);
    });

    it('the Manager preset cannot grant impersonate_agents or take root_all, and grants what it holds', async () => {
      const jordan = await agentId('jordan.lee@demo.test');
      const admin = await agentId('admin@demo.test');
      const jordanSet = await ownSet('agent', jordan);
      await refused(() => saveSet(MANAGER, 'agent', jordan, [...jordanSet, 'impersonate_agents']), NOT_HELD);
      expect((await refused(() => saveSet(MANAGER, 'agent', admin, []), NOT_HELD)).message).toContain('root_all');
      expect((await saveSet(MANAGER, 'agent', jordan, [...jordanSet, 'read_insights'])).statusCode).toBe(200);
      expect((await saveSet(MANAGER, 'agent', jordan, jordanSet)).statusCode).toBe(200);
    });

    it('edit_permissions with few others: only those few', async () => {
      const jordan = await agentId('jordan.lee@demo.test');
      const jordanSet = await ownSet('agent', jordan);
      await refused(
        () =>
          saveSet(
            CLERK,
            'agent',
            jordan,
            jordanSet.filter((p) => p !== 'edit_alerts'),
          ),
        NOT_HELD,
      );
      await refused(() => saveSet(CLERK, 'agent', jordan, [...jordanSet, 'read_insights']), NOT_HELD);
      expect(
        (
          await saveSet(
            CLERK,
            'agent',
            jordan,
            jordanSet.filter((p) => p !== 'read_alerts'),
          )
        ).statusCode,
      ).toBe(200);
      expect((await saveSet(CLERK, 'agent', jordan, jordanSet)).statusCode).toBe(200);
    });

    it("an agent's own set that a team's set overrides cannot be loaded for later", async () => {
      // Liam works with Fraud Operations' set; his own set has no effect today, but would after he leaves.
      const liam = await agentId('liam.okafor@demo.test');
      const liamSet = await ownSet('agent', liam);
      await refused(() => saveSet(ANALYST, 'agent', liam, [...liamSet, 'create_teams']), NOT_HELD);
    });
  });

  describe("a team's set", () => {
    it('the reported path: the Agent preset setting Investigations to one permission cannot strip the manager', async () => {
      expect(await effective(MANAGER)).toHaveLength(MANAGER_PRESET.length);
      // permission 14, as in the report, is one the analyst holds
      const fourteen = await t.one<{ name: string }>(sql`select name from permissions where id = 14`);
      expect(AGENT_PRESET).toContain(fourteen.name);
      const error = await refused(
        () => t.callAs(ANALYST, 'PUT', '/api/permissions/association', { associationType: 'team', associationId: 1, permission_ids: [14] }),
        /^You can only grant or remove permissions you hold yourself: Morgan Manager would lose /,
      );
      // the message lists the first few; the details list every one, agent by agent
      const managerId = await agentId(MANAGER);
      const manager = error.details.find((d) => d.path === `agents/${managerId}`);
      expect(manager?.message).toMatch(/^Morgan Manager would lose .*create_teams.*, which you do not hold$/);
      expect(manager?.message).not.toContain('read_alerts');
      expect(await effective(MANAGER)).toHaveLength(MANAGER_PRESET.length);
      expect(await ownSet('team', investigations)).toEqual([]);
    });

    it("no caller sets a team's permissions when that takes from a member what the caller lacks", async () => {
      // Sanctions & Screening: Marcus (Agent preset) and Sofia (Manager preset)
      await refused(() => saveSet(ANALYST, 'team', sanctions, ['read_alerts']), /Sofia Reyes would lose/);
      await refused(() => saveSet(CLERK, 'team', sanctions, ['read_alerts']), /Marcus Bell would lose/);
      // nor sets one on their own team: the manager and the analyst are both in Investigations
      await refused(() => saveSet(MANAGER, 'team', investigations, [...AGENT_PRESET]), SELF);
    });

    it("a manager changes a team's set within what they hold, and empties it again", async () => {
      const res = await saveSet(MANAGER, 'team', sanctions, FRAUD_SET);
      expect(res.statusCode).toBe(200);
      expect(await effective('sofia.reyes@demo.test')).toEqual(FRAUD_SET);
      expect((await saveSet(MANAGER, 'team', sanctions, [])).statusCode).toBe(200);
      expect(await effective('sofia.reyes@demo.test')).toHaveLength(MANAGER_PRESET.length);
      expect((await t.one<{ has_permission_set: boolean }>(sql`select has_permission_set from teams where id = ${sanctions}`)).has_permission_set).toBe(false);
    });

    it("adding to or removing from a team's set is limited to what the caller holds", async () => {
      await refused(() => saveSet(MANAGER, 'team', fraud, [...FRAUD_SET, 'impersonate_agents']), NOT_HELD);
      await refused(
        () =>
          saveSet(
            CLERK,
            'team',
            fraud,
            FRAUD_SET.filter((p) => p !== 'edit_alerts'),
          ),
        NOT_HELD,
      );
      await refused(() => saveSet(MANAGER, 'team', vault, ['read_alerts']), /impersonate_agents/);
      // the Agent preset holds all of Fraud Operations' set: taking one out and back is legitimate
      expect(
        (
          await saveSet(
            ANALYST,
            'team',
            fraud,
            FRAUD_SET.filter((p) => p !== 'read_rules'),
          )
        ).statusCode,
      ).toBe(200);
      expect(await effective('liam.okafor@demo.test')).not.toContain('read_rules');
      expect((await saveSet(ANALYST, 'team', fraud, FRAUD_SET)).statusCode).toBe(200);
    });
  });

  describe('team membership (create and edit a team)', () => {
    it('the Agent preset cannot create or edit teams at all', async () => {
      await refused(() => t.callAs(ANALYST, 'POST', '/api/user-management/teams', { name: `Mine ${unique()}` }), /./);
      await refused(async () => editTeam(ANALYST, fraud, [...(await members(fraud)), await agentId(MANAGER)]), /./);
    });

    it('the Manager preset: joining or leaving a team with a set is limited to what it holds', async () => {
      const admin = await agentId('admin@demo.test');
      const grace = await agentId('grace.chen@demo.test');
      const priya = await agentId('priya.shah@demo.test');
      const fraudMembers = await members(fraud);
      // the admin would lose root_all in Fraud Operations
      expect((await refused(() => editTeam(MANAGER, fraud, [...fraudMembers, admin]), NOT_HELD)).message).toContain('root_all');
      // Priya would gain impersonate_agents in the vault; Grace would lose it on leaving
      await refused(() => editTeam(MANAGER, vault, [grace, priya]), /Priya Shah would gain impersonate_agents/);
      await refused(() => editTeam(MANAGER, vault, []), /Grace Chen would lose impersonate_agents/);
      // the manager would lose their own permissions in Fraud Operations
      await refused(async () => editTeam(MANAGER, fraud, [...fraudMembers, await agentId(MANAGER)]), SELF);
      // legitimate: Sofia joins and leaves Fraud Operations (all she loses and gets back, the manager holds)
      const sofia = await agentId('sofia.reyes@demo.test');
      expect((await editTeam(MANAGER, fraud, [...fraudMembers, sofia])).statusCode).toBe(200);
      expect(await effective('sofia.reyes@demo.test')).toEqual(FRAUD_SET);
      expect((await editTeam(MANAGER, fraud, fraudMembers)).statusCode).toBe(200);
      expect(await effective('sofia.reyes@demo.test')).toHaveLength(MANAGER_PRESET.length);
      // renaming the vault, members unchanged, changes nobody's permissions
      const renamed = await t.callAs(MANAGER, 'PUT', `/api/user-management/teams/${vault}`, { name: `Vault renamed ${unique()}`, agentIds: [grace] });
      expect(renamed.statusCode).toBe(200);
      // a new team carries no set: anyone may be put in it
      const created = await t.callAs(MANAGER, 'POST', '/api/user-management/teams', { name: `Mixed ${unique()}`, agentIds: [admin, grace] });
      expect(created.statusCode).toBe(201);
      expect(await effective('admin@demo.test')).toEqual(['root_all']);
    });

    it('edit_permissions with few others: members may not gain or lose what it lacks', async () => {
      const jordan = await agentId('jordan.lee@demo.test');
      const liam = await agentId('liam.okafor@demo.test');
      const fraudMembers = await members(fraud);
      await refused(() => editTeam(CLERK, fraud, [...fraudMembers, jordan]), /Jordan Lee would lose/);
      await refused(
        () =>
          editTeam(
            CLERK,
            fraud,
            fraudMembers.filter((m) => m !== liam),
          ),
        /Liam Okafor would gain/,
      );
      expect((await t.callAs(CLERK, 'POST', '/api/user-management/teams', { name: `Clerks ${unique()}`, agentIds: [jordan] })).statusCode).toBe(201);
    });

    it('team rights without edit_permissions cannot move permissions through membership', async () => {
      // Riley holds a subset of Fraud Operations' set and would gain the rest, all of which the caller holds
      const riley = await agentId('restricted@demo.test');
      await refused(async () => editTeam(TEAM_CLERK, fraud, [...(await members(fraud)), riley]), /needs the permission edit_permissions/);
    });
  });

  describe('team delete', () => {
    it('members going back to their own sets is judged like any change', async () => {
      await refused(() => t.callAs(ANALYST, 'DELETE', `/api/user-management/teams/${fraud}`), /./);
      await refused(() => t.callAs(MANAGER, 'DELETE', `/api/user-management/teams/${vault}`), /Grace Chen would lose impersonate_agents/);
      await refused(() => t.callAs(CLERK, 'DELETE', `/api/user-management/teams/${fraud}`), /Liam Okafor would gain/);
      // legitimate: the manager deletes a team with a set; Marcus goes back to his own set
      const marcus = await agentId('marcus.bell@demo.test');
      const team = (await t.callAs(MANAGER, 'POST', '/api/user-management/teams', { name: `Short ${unique()}`, agentIds: [marcus] })).json().id as number;
      expect((await saveSet(MANAGER, 'team', team, ['read_alerts'])).statusCode).toBe(200);
      expect(await effective('marcus.bell@demo.test')).toEqual(['read_alerts']);
      expect((await t.callAs(MANAGER, 'DELETE', `/api/user-management/teams/${team}`)).statusCode).toBe(204);
      expect(await effective('marcus.bell@demo.test')).toEqual([...AGENT_PRESET].sort());
      // team rights without edit_permissions: Riley's gains from a team's set are the caller's to give, yet not by deleting it
      const riley = await agentId('restricted@demo.test');
      const rileys = (await t.callAs(MANAGER, 'POST', '/api/user-management/teams', { name: `Riley ${unique()}`, agentIds: [riley] })).json().id as number;
      expect((await saveSet(MANAGER, 'team', rileys, FRAUD_SET)).statusCode).toBe(200);
      await refused(() => t.callAs(TEAM_CLERK, 'DELETE', `/api/user-management/teams/${rileys}`), /needs the permission edit_permissions/);
      expect((await t.callAs(MANAGER, 'DELETE', `/api/user-management/teams/${rileys}`)).statusCode).toBe(204);
    });
  });

  describe('presets applied through the people calls', () => {
    it('the Agent preset cannot invite', async () => {
      await refused(() => invite(ANALYST, { full_name: 'Ivy Invitee', email: `ivy.${unique()}@demo.test` }), /./);
    });

    it('the Manager preset: an invitee joins only teams whose set it holds', async () => {
      await refused(
        () => invite(MANAGER, { full_name: 'Val Vault', email: `val.${unique()}@demo.test`, team_ids: [vault] }),
        /Val Vault would gain .*impersonate_agents/,
      );
      const res = await invite(MANAGER, { full_name: 'Finn Fraud', email: `finn.${unique()}@demo.test`, team_ids: [fraud] });
      expect(res.statusCode).toBe(201);
      expect([...(await effectivePermissions(t.database.db, res.json().id))].sort()).toEqual(FRAUD_SET);
    });

    it('edit_permissions with few others: the Agent preset is cut to what it holds, and a team cannot add the rest', async () => {
      const res = await invite(CLERK, { full_name: 'Cody Clerkson', email: `cody.${unique()}@demo.test` });
      expect(res.statusCode).toBe(201);
      expect(await ownSet('agent', res.json().id)).toEqual(AGENT_PRESET.filter((p) => CLERK_SET.includes(p)).sort());
      await refused(() => invite(CLERK, { full_name: 'Fay Fraud', email: `fay.${unique()}@demo.test`, team_ids: [fraud] }), /Fay Fraud would gain edit_alerts/);
    });

    it('choosing the Manager preset in the permission editor is limited the same way', async () => {
      const jordan = await agentId('jordan.lee@demo.test');
      const jordanSet = await ownSet('agent', jordan);
      await refused(() => saveSet(ANALYST, 'agent', jordan, MANAGER_PRESET), NOT_HELD);
      await refused(async () => saveSet(CLERK, 'agent', await agentId('restricted@demo.test'), AGENT_PRESET), NOT_HELD);
      expect((await saveSet(MANAGER, 'agent', jordan, MANAGER_PRESET)).statusCode).toBe(200);
      expect(await effective('jordan.lee@demo.test')).toHaveLength(MANAGER_PRESET.length);
      expect((await saveSet(MANAGER, 'agent', jordan, jordanSet)).statusCode).toBe(200);
    });
  });
});
