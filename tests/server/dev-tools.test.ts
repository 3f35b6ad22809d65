import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectivePermissions } from '../../server/auth/principal.js';
import { loadContract } from '../../server/contract/load.js';
import { createTestContext, type TestContext } from './helpers/app.js';
import { contractErrors } from './helpers/validate.js';

const contract = loadContract();
const op = (id: string) => contract.byId.get(id)!;

let t: TestContext;
let demo: number;
let north: number;
const agent = async (email: string) => (await t.one<{ id: number }>(sql`select id from agents where email = ${email}`)).id;

beforeAll(async () => {
  t = await createTestContext();
  demo = (await t.one<{ id: number }>(sql`select id from organisations where display_name = 'Demo Bank'`)).id;
  north = (await t.one<{ id: number }>(sql`select id from organisations where display_name = 'Northwind Credit Union'`)).id;
});
afterAll(() => t.close());

describe('developer tools are for internal staff only', () => {
  const calls = () =>
    [
      ['GET', `/api/dev-tools/feature-flags?org_id=${demo}`, undefined],
      ['PUT', '/api/dev-tools/feature-flags', { org_id: demo, name: 'crash_test', enabled: true }],
      ['GET', `/api/dev-tools/permission-audit?org_id=${demo}`, undefined],
    ] as const;

  it('refuses everyone else with 403, root_all or not, and changes nothing', async () => {
    for (const email of ['analyst@demo.test', 'manager@demo.test', 'admin@northwind.test']) {
      for (const [method, url, body] of calls()) {
        const res = await t.callAs(email, method, url, body);
        expect(res.statusCode, `${email} ${method} ${url}`).toBe(403);
      }
    }
    const flag = await t.all(sql`select 1 from feature_flags where org_id = ${demo} and name = 'crash_test' and enabled`);
    expect(flag).toEqual([]);
  });

  it('refuses an internal agent while they impersonate a customer agent (the session carries the target flag)', async () => {
    const started = await t.call({
      method: 'POST',
      url: '/api/agents/log-impersonation-start',
      token: await t.signIn('admin@demo.test'),
      payload: {
        org_id: north,
        agent_to_impersonate_id: await agent('analyst@northwind.test'),
        impersonation_reason: 'Test/View changes',
        additional_details: 'Checking the developer tools stay closed.',
      },
    });
    expect(started.statusCode).toBe(200);
    const res = await t.call({ method: 'GET', url: `/api/dev-tools/feature-flags?org_id=${north}`, token: started.json().jwt });
    expect(res.statusCode).toBe(403);
    await t.call({
      method: 'POST',
      url: '/api/agents/log-impersonation-cancelled',
      token: started.json().jwt,
      payload: { impersonation_log_id: started.json().impersonation_log_id },
    });
  });
});

describe('feature flags', () => {
  it('lists every flag of the contract for a reachable organisation, unset ones off', async () => {
    const res = await t.callAs('admin@demo.test', 'GET', `/api/dev-tools/feature-flags?org_id=${north}`);
    expect(res.statusCode).toBe(200);
    expect(contractErrors(op('listFeatureFlags'), 200, res.json())).toEqual([]);
    const names = (res.json().flags as { name: string }[]).map((f) => f.name);
    expect(names).toEqual((contract.schemas.FeatureFlagName as { enum: string[] }).enum);
  });

  it('answers 404 for an organisation that does not exist', async () => {
    const res = await t.callAs('admin@demo.test', 'GET', '/api/dev-tools/feature-flags?org_id=999999');
    expect(res.statusCode).toBe(404);
  });

  it('toggles a flag of another organisation, audits before and after there, and the agents of it see the change', async () => {
    const meBefore = await t.callAs('analyst@northwind.test', 'GET', '/api/agents/me');
    expect(meBefore.json().feature_flags).not.toContain('crash_test');

    const on = await t.callAs('admin@demo.test', 'PUT', '/api/dev-tools/feature-flags', { org_id: north, name: 'crash_test', enabled: true });
    expect(on.statusCode).toBe(200);
    expect(contractErrors(op('setFeatureFlag'), 200, on.json())).toEqual([]);
    expect(on.json().flags).toContainEqual({ name: 'crash_test', enabled: true });
    expect((await t.callAs('analyst@northwind.test', 'GET', '/api/agents/me')).json().feature_flags).toContain('crash_test');
    // Demo Bank's own flag is untouched.
    expect((await t.callAs('analyst@demo.test', 'GET', '/api/agents/me')).json().feature_flags).not.toContain('crash_test');

    const entries = await t.all<{ agent_id: number; details: { before: unknown; after: unknown } }>(
      sql`select agent_id, details from audit_log where org_id = ${north} and action = 'feature_flag.updated' order by id`,
    );
    expect(entries).toEqual([
      { agent_id: await agent('admin@demo.test'), details: { flag: 'crash_test', before: { crash_test: false }, after: { crash_test: true } } },
    ]);

    // Setting the value it already has writes no entry.
    await t.callAs('admin@demo.test', 'PUT', '/api/dev-tools/feature-flags', { org_id: north, name: 'crash_test', enabled: true });
    const off = await t.callAs('admin@demo.test', 'PUT', '/api/dev-tools/feature-flags', { org_id: north, name: 'crash_test', enabled: false });
    expect(off.json().flags).toContainEqual({ name: 'crash_test', enabled: false });
    const count = await t.one<{ n: number }>(sql`select count(*)::int as n from audit_log where org_id = ${north} and action = 'feature_flag.updated'`);
    expect(count.n).toBe(2);
  });

  it('refuses an unknown flag name with 400', async () => {
    const res = await t.callAs('admin@demo.test', 'PUT', '/api/dev-tools/feature-flags', { org_id: demo, name: 'no_such_flag', enabled: true });
    expect(res.statusCode).toBe(400);
  });
});

describe('permission auditor', () => {
  it('answers every operation with its requirement, and the effective permissions of each agent (team sets first)', async () => {
    const res = await t.callAs('admin@demo.test', 'GET', `/api/dev-tools/permission-audit?org_id=${demo}`);
    expect(res.statusCode).toBe(200);
    expect(contractErrors(op('auditPermissions'), 200, res.json())).toEqual([]);
    const body = res.json<{
      agents: { id: number; email: string; permission_source: string; permissions: string[]; status: string }[];
      operations: { operation_id: string; mode: string; permissions: string[]; holder_ids: number[] }[];
    }>();
    expect(body.operations.map((o) => o.operation_id).sort()).toEqual(contract.operations.map((o) => o.operationId).sort());
    for (const a of body.agents) {
      expect(a.permissions, a.email).toEqual([...(await effectivePermissions(t.database.db, a.id))].sort());
    }
    expect(body.agents.find((a) => a.email === 'liam.okafor@demo.test')!.permission_source).toBe('team');
    expect(body.agents.find((a) => a.email === 'analyst@demo.test')!.permission_source).toBe('agent');

    const ids = async (...emails: string[]) => Promise.all(emails.map(agent));
    const holders = (id: string) => body.operations.find((o) => o.operation_id === id)!.holder_ids;
    const [analyst, manager, admin] = await ids('analyst@demo.test', 'manager@demo.test', 'admin@demo.test');
    // root_all counts for everything; the internal_staff agent flag is required on top of permissions.
    expect(holders('auditPermissions')).toEqual(body.agents.filter((a) => a.status === 'active' && a.email === 'admin@demo.test').map((a) => a.id));
    expect(holders('createTeam')).toEqual(expect.arrayContaining([manager, admin]));
    expect(holders('createTeam')).not.toContain(analyst);
    expect(holders('listAlerts')).toEqual(expect.arrayContaining([analyst, manager, admin]));
    // Inactive agents hold nothing.
    const inactive = body.agents.filter((a) => a.status !== 'active').map((a) => a.id);
    expect(inactive.length).toBeGreaterThan(0);
    for (const o of body.operations) expect(o.holder_ids.filter((id) => inactive.includes(id))).toEqual([]);
  });
});
