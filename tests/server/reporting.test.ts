// The dashboards' aggregations (issue 23): every chart equals counts computed here, independently,
// in JS over the plain rows; charts the caller may not see are absent; restricted queues and the
// queue filter; the dashboard config's fallback and saves. Real server, real database.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/app.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const ANALYST = 'analyst@demo.test';
const MANAGER = 'manager@demo.test';
const RESTRICTED = 'restricted@demo.test';
const DAY = 86_400_000;

interface Point {
  x: string;
  y: number;
}
interface Chart {
  id: string;
  x_kind: 'time' | 'category';
  unit: 'count' | 'hours';
  series: { key: string; label: string; points: Point[] }[];
}
interface Work {
  queue_id: number | null;
  queue: string | null;
  agent: string | null;
  disposition: string | null;
  status: string;
  created_at: Date;
  closed_at: Date | null;
  deadline: Date | null;
}

const toDate = (v: unknown) => (v === null ? null : new Date(v as string));
const day = (d: Date) => d.toISOString().slice(0, 10);
const week = (d: Date) => {
  const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  m.setUTCDate(m.getUTCDate() - ((m.getUTCDay() + 6) % 7));
  return day(m);
};

/** The work of Demo Bank (org 1) read plainly, with the queues the agent may see. */
async function workRows(table: 'alerts' | 'cases', email: string): Promise<Work[]> {
  const found = await t.all<Record<string, unknown>>(sql`select w.queue_id, q.title as queue, ag.full_name as agent, w.disposition, w.status,
      w.created_at, w.closed_at, w.deadline, q.access_type,
      exists (select 1 from queue_members m join agents me on me.id = m.agent_id where m.queue_id = w.queue_id and me.email = ${email}) as member
    from ${sql.raw(table)} w left join queues q on q.id = w.queue_id left join agents ag on ag.id = w.assigned_to_id
    where w.org_id = 1 and w.status <> 'RULE_VALIDATION'`);
  return found
    .filter((r) => r.access_type !== 'restricted' || r.member)
    .map((r) => ({
      queue_id: r.queue_id as number | null,
      queue: r.queue as string | null,
      agent: r.agent as string | null,
      disposition: r.disposition as string | null,
      status: r.status as string,
      created_at: toDate(r.created_at)!,
      closed_at: toDate(r.closed_at),
      deadline: toDate(r.deadline),
    }));
}

function countBy<T>(items: T[], key: (item: T) => string): Map<string, number> {
  const out = new Map<string, number>();
  for (const i of items) out.set(key(i), (out.get(key(i)) ?? 0) + 1);
  return out;
}
/** A chart's only series as a map (category charts), or one series by key (time charts), zeros left out. */
function points(chart: Chart | undefined, key?: string): Map<string, number> {
  expect(chart).toBeDefined();
  const series = key ? chart!.series.find((s) => s.key === key)! : chart!.series[0];
  return new Map(series.points.filter((p) => p.y !== 0).map((p) => [p.x, p.y]));
}
const chartOf = (charts: Chart[], id: string) => charts.find((c) => c.id === id);

async function section(email: string, name: string, query: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const res = await t.callAs(email, 'GET', `/api/reporting/${name}?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ from: string; to: string; bucket: string; charts: Chart[] }>();
}

/** A range of the seeded data: its last 700 days up to tomorrow. */
const to = new Date(Math.ceil(Date.now() / DAY) * DAY + DAY);
const from = new Date(to.getTime() - 700 * DAY);
const inRange = (d: Date | null) => d !== null && d >= from && d < to;

describe('the alerts section', () => {
  it('equals the counts of the plain rows, by day', async () => {
    const body = await section(MANAGER, 'alerts', { from: from.toISOString(), to: to.toISOString(), bucket: 'day' });
    const all = await workRows('alerts', MANAGER);
    const created = all.filter((a) => inRange(a.created_at));
    const closed = all.filter((a) => inRange(a.closed_at));
    expect(created.length).toBeGreaterThan(0);
    expect(closed.length).toBeGreaterThan(0);

    expect(points(chartOf(body.charts, 'alerts_over_time'), 'created')).toEqual(countBy(created, (a) => day(a.created_at)));
    expect(points(chartOf(body.charts, 'alerts_over_time'), 'closed')).toEqual(countBy(closed, (a) => day(a.closed_at!)));
    const overTime = chartOf(body.charts, 'alerts_over_time')!;
    expect(overTime.series[0].points).toHaveLength(700);
    expect(points(chartOf(body.charts, 'alerts_per_queue'))).toEqual(countBy(created, (a) => a.queue ?? 'No queue'));
    expect(points(chartOf(body.charts, 'alerts_dispositioned'))).toEqual(countBy(closed, (a) => a.disposition ?? 'No disposition'));
    expect(points(chartOf(body.charts, 'alerts_closed_per_agent'))).toEqual(countBy(closed, (a) => a.agent ?? 'Unassigned'));

    const hours = new Map<string, number[]>();
    for (const a of closed)
      hours.set(a.agent ?? 'Unassigned', [...(hours.get(a.agent ?? 'Unassigned') ?? []), (a.closed_at!.getTime() - a.created_at.getTime()) / 3_600_000]);
    const avg = chartOf(body.charts, 'alerts_avg_time_per_agent')!;
    expect(avg.unit).toBe('hours');
    for (const [agent, list] of hours) {
      const got = avg.series[0].points.find((p) => p.x === agent)!;
      expect(got.y).toBeCloseTo(list.reduce((s, h) => s + h, 0) / list.length, 1);
    }
    expect(avg.series[0].points).toHaveLength(hours.size);

    const now = Date.now();
    const breached = all.filter(
      (a) => a.deadline && a.deadline >= from && a.deadline.getTime() < Math.min(to.getTime(), now) && (!a.closed_at || a.closed_at > a.deadline),
    );
    expect(points(chartOf(body.charts, 'alerts_sla_breaches'))).toEqual(countBy(breached, (a) => day(a.deadline!)));
    const open = all.filter((a) => a.status === 'OPEN' || a.status === 'IN_REVIEW');
    const backlog = chartOf(body.charts, 'alerts_backlog_age')!.series[0].points;
    expect(backlog.map((p) => p.x)).toEqual(['Under 1 day', '1 to 7 days', '7 to 30 days', '30 days or more']);
    expect(backlog.reduce((s, p) => s + p.y, 0)).toBe(open.length);
    const old = open.filter((a) => now - a.created_at.getTime() >= 30 * DAY).length;
    expect(backlog[3].y).toBe(old);
  });

  it('counts per rule over the alert_rules of the visible alerts', async () => {
    // the analyst is in no restricted queue (the manager is in one)
    const body = await section(ANALYST, 'alerts', { from: from.toISOString(), to: to.toISOString() });
    const expected = await t.all<{ title: string; n: number }>(sql`select r.title, count(*)::int as n from alert_rules ar
      join alerts a on a.id = ar.alert_id join rules r on r.id = ar.rule_id left join queues q on q.id = a.queue_id
      where a.org_id = 1 and a.status <> 'RULE_VALIDATION' and a.created_at >= ${from.toISOString()}::timestamptz
        and a.created_at < ${to.toISOString()}::timestamptz and q.access_type is distinct from 'restricted' group by r.title`);
    expect(expected.length).toBeGreaterThan(0);
    expect(points(chartOf(body.charts, 'alerts_per_rule'))).toEqual(new Map(expected.map((e) => [e.title, e.n])));
  });

  it('leaves out the per-rule chart for an agent without read_rules (not computed, not sent)', async () => {
    const analyst = (await t.one<{ id: number }>(sql`select id from agents where email = ${ANALYST}`)).id;
    const before = await section(ANALYST, 'alerts', {});
    expect(before.charts.map((c) => c.id)).toContain('alerts_per_rule');
    const removed = await t.all(sql`delete from permission_associations where association_type = 'agent' and association_id = ${analyst}
      and permission_id = (select id from permissions where name = 'read_rules') returning permission_id`);
    try {
      expect(removed).toHaveLength(1);
      const after = await section(ANALYST, 'alerts', {});
      expect(after.charts.map((c) => c.id)).not.toContain('alerts_per_rule');
      expect(after.charts.map((c) => c.id)).toEqual(before.charts.map((c) => c.id).filter((id) => id !== 'alerts_per_rule'));
    } finally {
      await t.database.db.execute(sql`insert into permission_associations (org_id, association_type, association_id, permission_id)
        select 1, 'agent', ${analyst}, id from permissions where name = 'read_rules'`);
    }
  });

  it('counts a restricted queue only for its members, and one queue when asked', async () => {
    const sensitive = (await t.one<{ id: number }>(sql`select id from queues where org_id = 1 and access_type = 'restricted' order by id limit 1`)).id;
    const range = { from: from.toISOString(), to: to.toISOString() };
    const outsider = await section(ANALYST, 'alerts', range);
    const member = await section(RESTRICTED, 'alerts', range);
    const inSensitive = (await workRows('alerts', RESTRICTED)).filter((a) => a.queue_id === sensitive && inRange(a.created_at));
    expect(inSensitive.length).toBeGreaterThan(0);
    const title = inSensitive[0].queue!;
    expect(points(chartOf(outsider.charts, 'alerts_per_queue')).has(title)).toBe(false);
    expect(points(chartOf(member.charts, 'alerts_per_queue')).get(title)).toBe(inSensitive.length);

    expect((await t.callAs(ANALYST, 'GET', `/api/reporting/alerts?queue_id=${sensitive}`)).statusCode).toBe(404);
    const only = await section(RESTRICTED, 'alerts', { ...range, queue_id: sensitive });
    expect(points(chartOf(only.charts, 'alerts_per_queue'))).toEqual(new Map([[title, inSensitive.length]]));
    expect(points(chartOf(only.charts, 'alerts_over_time'), 'created')).toEqual(countBy(inSensitive, (a) => day(a.created_at)));
  });

  it('refuses a range that ends before it starts or is longer than 731 days, and defaults to the last 30 days', async () => {
    const back = await t.callAs(MANAGER, 'GET', `/api/reporting/alerts?from=${to.toISOString()}&to=${from.toISOString()}`);
    expect(back.statusCode).toBe(400);
    const long = await t.callAs(MANAGER, 'GET', `/api/reporting/alerts?from=2020-01-01T00:00:00Z&to=2026-01-01T00:00:00Z`);
    expect(long.statusCode).toBe(400);
    const body = await section(MANAGER, 'alerts', {});
    expect(new Date(body.to).getTime() - new Date(body.from).getTime()).toBe(30 * DAY);
    expect(body.bucket).toBe('day');
  });
});

describe('the cases and KPI sections', () => {
  it('equal the counts of the plain rows, by week', async () => {
    const range = { from: from.toISOString(), to: to.toISOString(), bucket: 'week' };
    const cases = await section(MANAGER, 'cases', range);
    const kpis = await section(MANAGER, 'kpis', range);
    const all = await workRows('cases', MANAGER);
    const created = all.filter((c) => inRange(c.created_at));
    const closed = all.filter((c) => inRange(c.closed_at));
    expect(created.length).toBeGreaterThan(0);
    expect(points(chartOf(cases.charts, 'cases_per_agent'))).toEqual(countBy(created, (c) => c.agent ?? 'Unassigned'));
    expect(points(chartOf(cases.charts, 'cases_per_queue'))).toEqual(countBy(created, (c) => c.queue ?? 'No queue'));
    expect(points(chartOf(cases.charts, 'cases_per_disposition'))).toEqual(countBy(closed, (c) => c.disposition ?? 'No disposition'));
    expect(points(chartOf(cases.charts, 'cases_closed_per_agent'))).toEqual(countBy(closed, (c) => c.agent ?? 'Unassigned'));
    const avg = chartOf(cases.charts, 'cases_avg_time')!;
    for (const p of avg.series[0].points) {
      const those = closed.filter((c) => week(c.closed_at!) === p.x);
      const expected = those.length ? those.reduce((s, c) => s + (c.closed_at!.getTime() - c.created_at.getTime()) / 3_600_000, 0) / those.length : 0;
      expect(p.y).toBeCloseTo(expected, 1);
    }
    expect(avg.series[0].points.every((p) => new Date(`${p.x}T00:00:00Z`).getUTCDay() === 1)).toBe(true);

    expect(points(chartOf(kpis.charts, 'kpi_case_throughput'), 'opened')).toEqual(countBy(created, (c) => week(c.created_at)));
    expect(points(chartOf(kpis.charts, 'kpi_case_throughput'), 'closed')).toEqual(countBy(closed, (c) => week(c.closed_at!)));
    const open = all.filter((c) => c.status === 'OPEN' || c.status === 'IN_REVIEW');
    expect(chartOf(kpis.charts, 'kpi_case_backlog_age')!.series[0].points.reduce((s, p) => s + p.y, 0)).toBe(open.length);
    const now = Date.now();
    const breached = all.filter(
      (c) => c.deadline && c.deadline >= from && c.deadline.getTime() < Math.min(to.getTime(), now) && (!c.closed_at || c.closed_at > c.deadline),
    );
    expect(points(chartOf(kpis.charts, 'kpi_case_sla_breaches'))).toEqual(countBy(breached, (c) => week(c.deadline!)));
  });
});

describe('the SARs section', () => {
  it('equals the counts of the plain rows, with filed SARs on time or late', async () => {
    // a SAR filed late and one filed on time, so both series have something to count
    const caseId = (
      await t.one<{ id: number }>(sql`select c.id from cases c left join queues q on q.id = c.queue_id
      where c.org_id = 1 and q.access_type is distinct from 'restricted' order by c.id limit 1`)
    ).id;
    await t.database.db.execute(sql`insert into sars (org_id, name, status, case_id, queue_id, deadline, filed_at)
      select 1, 'Late', 'FILED', c.id, c.queue_id, now() - interval '5 days', now() - interval '2 days' from cases c where c.id = ${caseId}
      union all select 1, 'On time', 'FILED', c.id, c.queue_id, now() + interval '5 days', now() - interval '1 day' from cases c where c.id = ${caseId}`);
    const body = await section(ANALYST, 'sars', { from: from.toISOString(), to: to.toISOString() });
    const sars = (
      await t.all<Record<string, unknown>>(sql`select s.status, s.created_at, s.filed_at, s.deadline from sars s
        left join queues q on q.id = s.queue_id left join cases c on c.id = s.case_id left join queues cq on cq.id = c.queue_id
        where s.org_id = 1 and q.access_type is distinct from 'restricted' and cq.access_type is distinct from 'restricted'`)
    ).map((s) => ({ status: s.status as string, created_at: toDate(s.created_at)!, filed_at: toDate(s.filed_at), deadline: toDate(s.deadline) }));
    const created = sars.filter((s) => inRange(s.created_at));
    const filed = sars.filter((s) => inRange(s.filed_at));
    expect(points(chartOf(body.charts, 'sars_created_over_time'))).toEqual(countBy(created, (s) => day(s.created_at)));
    expect(points(chartOf(body.charts, 'sars_filed_over_time'))).toEqual(countBy(filed, (s) => day(s.filed_at!)));
    expect(points(chartOf(body.charts, 'sars_per_status'))).toEqual(countBy(created, (s) => s.status));
    const late = filed.filter((s) => s.deadline && s.filed_at! > s.deadline);
    expect(late.length).toBeGreaterThan(0);
    expect(points(chartOf(body.charts, 'sars_filed_on_time'), 'late')).toEqual(countBy(late, (s) => day(s.filed_at!)));
    expect(points(chartOf(body.charts, 'sars_filed_on_time'), 'on_time')).toEqual(
      countBy(
        filed.filter((s) => !late.includes(s)),
        (s) => day(s.filed_at!),
      ),
    );
  });
});

describe('the dashboard config', () => {
  type Config = { source: string; sections: Record<string, { charts: { id: string; enabled: boolean; chartType: string }[] }> };
  const get = async (email: string, path = '') => {
    const res = await t.callAs(email, 'GET', `/api/reporting/dashboard-config${path}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Config>();
  };

  it("falls back from the agent's own to the organisation's to the spec's defaults, and saves per agent", async () => {
    await t.database.db.execute(sql`delete from dashboard_configs where org_id = 1`);
    const start = await get(ANALYST);
    expect(start.source).toBe('default');
    const enabled = (s: string) => start.sections[s].charts.filter((c) => c.enabled).map((c) => c.id);
    expect(enabled('alerts')).toEqual(['alerts_over_time', 'alerts_per_queue', 'alerts_dispositioned', 'alerts_closed_per_agent', 'alerts_avg_time_per_agent']);
    expect(enabled('cases')).toHaveLength(5);
    expect(enabled('sars')).toHaveLength(4);
    expect(enabled('kpis')).toHaveLength(3);

    const org = structuredClone(start.sections);
    org.alerts.charts = [{ id: 'alerts_per_rule', enabled: true, chartType: 'line' }];
    expect((await t.callAs(ANALYST, 'PUT', '/api/reporting/dashboard-config/organisation', { sections: org })).statusCode).toBe(403);
    const saved = await t.callAs(MANAGER, 'PUT', '/api/reporting/dashboard-config/organisation', { sections: org });
    expect(saved.statusCode, saved.body).toBe(200);
    const fromOrg = await get(ANALYST);
    expect(fromOrg.source).toBe('organisation');
    expect(fromOrg.sections.alerts.charts[0]).toEqual({ id: 'alerts_per_rule', enabled: true, chartType: 'line' });
    // charts the saved config does not name follow with their defaults
    expect(fromOrg.sections.alerts.charts).toHaveLength(8);

    const own = structuredClone(fromOrg.sections);
    own.alerts.charts = [...own.alerts.charts].reverse().map((c) => (c.id === 'alerts_over_time' ? { ...c, enabled: false, chartType: 'bar' } : c));
    const mine = await t.callAs(ANALYST, 'PUT', '/api/reporting/dashboard-config', { sections: own });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<Config>().source).toBe('agent');
    const reread = await get(ANALYST);
    expect(reread.sections).toEqual(own);
    // the manager still reads the organisation's
    expect((await get(MANAGER)).source).toBe('organisation');
    expect((await t.one<{ n: number }>(sql`select count(*)::int as n from audit_log where action like 'dashboard_config.%'`)).n).toBeGreaterThanOrEqual(2);

    const reset = await t.callAs(ANALYST, 'DELETE', '/api/reporting/dashboard-config');
    expect(reset.json<Config>().source).toBe('organisation');
  });

  it('refuses a chart of another section, or one named twice', async () => {
    const start = await get(ANALYST);
    const wrong = structuredClone(start.sections);
    wrong.cases.charts = [{ id: 'alerts_per_queue', enabled: true, chartType: 'bar' }];
    const res = await t.callAs(ANALYST, 'PUT', '/api/reporting/dashboard-config', { sections: wrong });
    expect(res.statusCode).toBe(400);
    const twice = structuredClone(start.sections);
    twice.sars.charts = [twice.sars.charts[0], twice.sars.charts[0]];
    expect((await t.callAs(ANALYST, 'PUT', '/api/reporting/dashboard-config', { sections: twice })).statusCode).toBe(400);
  });
});
