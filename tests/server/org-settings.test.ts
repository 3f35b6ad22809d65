import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/app.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('organisation settings', () => {
  it('sets the inactivity policy that /api/agents/me reports, for that organisation only, and audits it', async () => {
    const admin = await t.signIn('admin@demo.test');
    const res = await t.call({ method: 'PATCH', url: '/api/orgs/settings', token: admin, payload: { inactivity: { enabled: true, time_seconds: 120 } } });
    expect(res.statusCode).toBe(200);
    expect(res.json().inactivity).toEqual({ enabled: true, time_seconds: 120 });
    const me = await t.call({ method: 'GET', url: '/api/agents/me', token: await t.signIn('analyst@demo.test') });
    expect(me.json().settings.inactivity).toEqual({ enabled: true, time_seconds: 120 });
    const northwind = await t.call({ method: 'GET', url: '/api/agents/me', token: await t.signIn('analyst@northwind.test') });
    expect(northwind.json().settings.inactivity.time_seconds).not.toBe(120);
    const audited = await t.one<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'organisation_settings.updated' and org_id = 1`);
    expect(audited.n).toBeGreaterThan(0);
  });

  it('keeps what it is not told to change, and rejects out-of-range values with the error shape', async () => {
    const admin = await t.signIn('admin@demo.test');
    await t.call({ method: 'PATCH', url: '/api/orgs/settings', token: admin, payload: { home_route: '/cases' } });
    const after = (await t.call({ method: 'GET', url: '/api/orgs/settings', token: admin })).json();
    expect(after).toMatchObject({ home_route: '/cases', inactivity: { enabled: true, time_seconds: 120 } });
    const tooShort = await t.call({ method: 'PATCH', url: '/api/orgs/settings', token: admin, payload: { inactivity: { enabled: true, time_seconds: 5 } } });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().error.details[0].path).toContain('time_seconds');
    const empty = await t.call({ method: 'PATCH', url: '/api/orgs/settings', token: admin, payload: {} });
    expect(empty.statusCode).toBe(400);
  });

  it('is refused to an agent without the organisation permission', async () => {
    const res = await t.call({ method: 'PATCH', url: '/api/orgs/settings', token: await t.signIn('manager@demo.test'), payload: { home_route: null } });
    expect(res.statusCode).toBe(403);
  });
});
