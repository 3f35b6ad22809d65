// @vitest-environment jsdom
// The dashboards page against the real server: the sections the agent may read with their default
// charts, a chart's table holding the server's numbers, "Show as bars" and "Hide" saved in the
// agent's dashboard config, and a section the agent may not read neither drawn nor asked for.
import './setup-dom';
import './fetch-stub';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentAgent } from '../../src/app/auth/auth-context';
import { filterOf } from '../../src/areas/dashboards/DashboardFilters';
import { DashboardsPage } from '../../src/areas/dashboards/DashboardsPage';
import { renderWork } from './work-render';
import { startWorkServer, type WorkServer } from './work-server';

let server: WorkServer;

async function me(): Promise<CurrentAgent> {
  return (await server.api('GET', '/api/agents/me')).json;
}
const chartCard = (title: string) => screen.getByRole('heading', { name: title, level: 3 }).closest('article')!;
/** The last 700 days: the seeded work is older than the default 30. */
const FROM_DAY = new Date(Date.now() - 700 * 86_400_000).toISOString().slice(0, 10);
function widenRange() {
  fireEvent.change(screen.getByLabelText('From'), { target: { value: FROM_DAY } });
}
const section = (title: string) => screen.getByRole('heading', { name: title, level: 2 }).closest('section')!;

beforeAll(async () => {
  server = await startWorkServer('manager@demo.test');
}, 120_000);
afterAll(() => server.close());
afterEach(async () => {
  cleanup();
  server.calls.length = 0;
  await server.sql(`delete from dashboard_configs`);
  await server.signInAs('manager@demo.test');
});

describe('Dashboards page', () => {
  it("draws the four sections with the spec's default charts, and a chart's table holds the server's numbers", async () => {
    renderWork(<DashboardsPage />, await me());
    widenRange();
    await screen.findByRole('heading', { name: 'Alerts per queue', level: 3 }, { timeout: 10_000 });
    for (const title of ['KPIs', 'Alerts', 'Cases', 'SARs']) expect(screen.getByRole('heading', { name: title, level: 2 })).toBeTruthy();
    expect(within(section('Alerts')).getAllByRole('article')).toHaveLength(5);
    await waitFor(() => expect(within(section('SARs')).getAllByRole('article')).toHaveLength(4));
    await waitFor(() => expect(within(section('Cases')).getAllByRole('article')).toHaveLength(5));
    await waitFor(() => expect(within(section('KPIs')).getAllByRole('article')).toHaveLength(3));
    expect(screen.queryByRole('heading', { name: 'Alerts per rule' })).toBeNull();

    // the numbers of the range the page asks for
    await waitFor(() => expect(within(chartCard('Alerts per queue')).queryByText('Nothing in this period.')).toBeNull(), { timeout: 10_000 });
    const range = filterOf(FROM_DAY, new Date().toISOString().slice(0, 10), 'day', null);
    const answer = (await server.api('GET', `/api/reporting/alerts?from=${range.from}&to=${range.to}&bucket=day`)).json as {
      charts: { id: string; series: { points: { x: string; y: number }[] }[] }[];
    };
    const perQueue = answer.charts.find((c) => c.id === 'alerts_per_queue')!.series[0].points;
    const card = chartCard('Alerts per queue');
    fireEvent.click(within(card).getByRole('button', { name: 'Table' }));
    const rows = within(card).getAllByRole('row').slice(1);
    expect(rows.map((r) => [within(r).getByRole('rowheader').textContent, within(r).getByRole('cell').textContent])).toEqual(
      perQueue.map((p) => [p.x, p.y.toLocaleString()]),
    );
  });

  it("gives one chart a filter of its own (a queue, by week) while the others keep the page's, until it goes back to the page's", async () => {
    renderWork(<DashboardsPage />, await me());
    widenRange();
    await waitFor(() => expect(within(chartCard('Alerts per queue')).queryByText('Nothing in this period.')).toBeNull(), { timeout: 10_000 });
    const card = () => chartCard('Alerts per queue');
    fireEvent.click(within(card()).getByRole('button', { name: 'Table' }));
    const pageRows = within(card()).getAllByRole('row').slice(1);
    expect(pageRows.length).toBeGreaterThan(1);
    const queueTitle = within(pageRows[0]).getByRole('rowheader').textContent;
    const queue = (await server.sql<{ id: number }>(`select id from queues where org_id = 1 and title = '${queueTitle.replace(/'/g, "''")}'`))[0];
    server.calls.length = 0;

    fireEvent.click(within(card()).getByRole('button', { name: 'Filter Alerts per queue' }));
    const own = within(card()).getByRole('group', { name: 'Alerts per queue filter' });
    fireEvent.change(within(own).getByLabelText('Per'), { target: { value: 'week' } });
    fireEvent.change(within(own).getByLabelText('Queue'), { target: { value: String(queue.id) } });
    await waitFor(
      () =>
        expect(
          within(card())
            .getAllByRole('row')
            .slice(1)
            .map((r) => within(r).getByRole('rowheader').textContent),
        ).toEqual([queueTitle]),
      {
        timeout: 10_000,
      },
    );
    expect(within(card()).getByText(new RegExp(`by week, ${queueTitle}\\.`))).toBeTruthy();
    const asked = server.calls.filter((c) => c.path.startsWith('/api/reporting/alerts'));
    expect(asked.some((c) => c.search.includes(`queue_id=${queue.id}`) && c.search.includes('bucket=week'))).toBe(true);
    // the other charts of the section keep the page's filter: every queue
    fireEvent.click(within(chartCard('Alerts dispositioned per disposition')).getByRole('button', { name: 'Table' }));
    expect(screen.getByRole('group', { name: 'Dashboard filters' })).toBeTruthy();
    expect(within(chartCard('Alerts dispositioned per disposition')).queryByText(/Its own filter/)).toBeNull();

    fireEvent.click(within(card()).getByRole('button', { name: "Use the page's filter" }));
    await waitFor(() => expect(within(card()).getAllByRole('row').slice(1)).toHaveLength(pageRows.length));
    expect(within(card()).queryByRole('group', { name: 'Alerts per queue filter' })).toBeNull();
  });

  it('saves "Show as bars" and "Hide" in the agent\'s own dashboard config', async () => {
    renderWork(<DashboardsPage />, await me());
    const card = await waitFor(() => chartCard('Alerts over time'), { timeout: 10_000 });
    fireEvent.click(within(card).getByRole('button', { name: 'Show as bars' }));
    await waitFor(() => expect(within(chartCard('Alerts over time')).getByRole('button', { name: 'Show as lines' })).toBeTruthy(), { timeout: 10_000 });
    let config = (await server.api('GET', '/api/reporting/dashboard-config')).json;
    expect(config.source).toBe('agent');
    expect(config.sections.alerts.charts.find((c: { id: string }) => c.id === 'alerts_over_time')).toEqual({
      id: 'alerts_over_time',
      enabled: true,
      chartType: 'bar',
    });

    fireEvent.click(within(chartCard('Alerts per queue')).getByRole('button', { name: 'Hide Alerts per queue' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Alerts per queue', level: 3 })).toBeNull(), { timeout: 10_000 });
    config = (await server.api('GET', '/api/reporting/dashboard-config')).json;
    expect(config.sections.alerts.charts.find((c: { id: string }) => c.id === 'alerts_per_queue').enabled).toBe(false);

    // shown again from the chooser
    fireEvent.click(within(section('Alerts')).getByRole('button', { name: 'Choose charts' }));
    fireEvent.click(within(section('Alerts')).getByRole('checkbox', { name: 'Alerts per queue' }));
    await screen.findByRole('heading', { name: 'Alerts per queue', level: 3 }, { timeout: 10_000 });
  });

  it("makes a manager's charts the organisation's default, which an agent without charts of their own then reads", async () => {
    renderWork(<DashboardsPage />, await me());
    const card = await waitFor(() => chartCard('Cases per queue'), { timeout: 10_000 });
    expect(screen.getByText('The default charts')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Show as lines' }));
    await screen.findByText('Your own charts');
    fireEvent.click(screen.getByRole('button', { name: "Make these the organisation's default" }));
    await waitFor(async () => expect((await server.api('GET', '/api/reporting/dashboard-config/organisation')).json.source).toBe('organisation'));
    const saved = (await server.api('GET', '/api/reporting/dashboard-config/organisation')).json;
    expect(saved.sections.cases.charts.find((c: { id: string }) => c.id === 'cases_per_queue').chartType).toBe('line');

    fireEvent.click(screen.getByRole('button', { name: 'Use the default charts' }));
    await screen.findByText("The organisation's default charts");
    expect(within(chartCard('Cases per queue')).getByRole('button', { name: 'Show as bars' })).toBeTruthy();

    cleanup();
    await server.signInAs('analyst@demo.test');
    renderWork(<DashboardsPage />, await me());
    await screen.findByText("The organisation's default charts");
    expect(screen.queryByRole('button', { name: "Make these the organisation's default" })).toBeNull();
    // every section answered before the next test counts calls
    await screen.findByRole('heading', { name: 'SARs created', level: 3 }, { timeout: 10_000 });
    await screen.findByRole('heading', { name: 'Cases opened and closed', level: 3 }, { timeout: 10_000 });
    await screen.findByRole('heading', { name: 'Cases per queue', level: 3 }, { timeout: 10_000 });
  });

  it('leaves out a section the agent may not read, and does not ask for it', async () => {
    await server.signInAs('analyst@demo.test');
    const agent = await me();
    renderWork(<DashboardsPage />, { ...agent, permissions: agent.permissions.filter((p) => p !== 'read_sars') });
    await screen.findByRole('heading', { name: 'Alerts over time', level: 3 }, { timeout: 10_000 });
    expect(screen.queryByRole('heading', { name: 'SARs', level: 2 })).toBeNull();
    expect(server.calls.some((c) => c.path.startsWith('/api/reporting/sars'))).toBe(false);
  });
});
