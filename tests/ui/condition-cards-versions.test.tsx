// @vitest-environment jsdom
// An alert's condition cards against the real server and database (tests/ui/work-server.ts) replay
// each rule's newest hit against the version of the rule that produced it: after a live rule's
// threshold is raised, a hit of the old version still reads "Met" with the old threshold, named
// "Version n", while a hit of the new version reads with the new one.
import './setup-dom';
import './fetch-stub';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Alert } from '../../src/api/alerts/queries';
import type { CurrentAgent } from '../../src/app/auth/auth-context';
import { ConditionCards } from '../../src/areas/alerts/detail/ConditionCards';
import { useRuleExplanations } from '../../src/areas/alerts/detail/use-rule-explanations';
import { renderWork } from './work-render';
import { startWorkServer, type WorkServer } from './work-server';

configure({ asyncUtilTimeout: 8000 });
let server: WorkServer;
let manager: CurrentAgent;
let rule: { id: number; title: string; version: number };
let alertId: number;
let oldVersion: number;

function Cards({ alert }: { alert: Alert }) {
  return <ConditionCards explanations={useRuleExplanations(alert)} />;
}

const readAlert = async (id: number) =>
  (await server.api('POST', '/api/investigations/retrieve/alert', { object_type: 'ALERT', object_ids: [id], short: false })).json.results[0] as Alert;

beforeAll(async () => {
  server = await startWorkServer('admin@demo.test');
  const found = (await server.api('GET', '/api/rules?q=Structuring%20below%20CTR')).json.rules as Array<{ id: number; title: string; version: number }>;
  const current = (await server.api('GET', `/api/rules/${found[0].id}`)).json;
  oldVersion = current.version;
  // raise the live rule's threshold: three deposits no longer meet it (a new version)
  const spec = structuredClone(current.spec);
  spec.condition.operands[0].operands[1].value = 4;
  const saved = await server.api('PUT', `/api/rules/${current.id}`, {
    title: current.title,
    description: current.description,
    queue_id: current.queue?.id ?? null,
    spec,
  });
  expect(saved.status).toBe(200);
  rule = { id: current.id, title: current.title, version: saved.json.version };
  expect(rule.version).toBe(oldVersion + 1);

  await server.signInAs('manager@demo.test');
  manager = (await server.api('GET', '/api/agents/me')).json;
  // an open alert of the rule whose newest hit (three deposits) was judged by the old version
  const [alert] = await server.sql<{ id: number }>(
    `insert into alerts (org_id, title, status, alert_type, object_source, created_at) values (1, 'Structuring: versions test', 'OPEN', 'TRANSACTION_MONITORING', 'INTERNAL', now()) returning id`,
  );
  alertId = alert.id;
  await server.sql(`insert into alert_rules (org_id, alert_id, rule_id) values (1, ${alertId}, ${rule.id})`);
  await server.sql(
    `insert into alert_hits (org_id, alert_id, rule_id, rule_version, variable_snapshots) values (1, ${alertId}, ${rule.id}, ${oldVersion}, '{"cash_deposit_count_7d": 3, "cash_deposit_sum_7d": 28500}')`,
  );
});
afterEach(() => cleanup());
afterAll(() => server.close());

const card = () => screen.findByRole('article', { name: `Condition card: ${rule.title}` });

describe('condition cards', () => {
  it('replay a hit against the version of the rule that produced it, not the rule as edited since', async () => {
    const alert = await readAlert(alertId);
    expect(alert.hit_rules).toEqual([{ rule_id: rule.id, rule_version: oldVersion }]);
    renderWork(<Cards alert={alert} />, manager);
    const shown = await card();
    expect(within(shown).getByText(`Version ${oldVersion}`)).toBeTruthy();
    await waitFor(() => expect(within(shown).getAllByText('Met').length).toBeGreaterThan(0));
    expect(within(shown).queryByText('Not met')).toBeNull();
    expect(server.calls.some((c) => c.method === 'GET' && c.path === `/api/rules/${rule.id}/versions`)).toBe(true);
  });

  it('read a newer hit of the new version with the new spec', async () => {
    await server.sql(
      `insert into alert_hits (org_id, alert_id, rule_id, rule_version, variable_snapshots, created_at) values (1, ${alertId}, ${rule.id}, ${rule.version}, '{"cash_deposit_count_7d": 3, "cash_deposit_sum_7d": 28500}', now() + interval '1 minute')`,
    );
    const alert = await readAlert(alertId);
    expect(alert.hit_rules.map((h) => h.rule_version)).toEqual([oldVersion, rule.version]);
    renderWork(<Cards alert={alert} />, manager);
    const shown = await card();
    expect(within(shown).getByText(`Version ${rule.version}`)).toBeTruthy();
    // three deposits do not meet the new threshold of four
    await waitFor(() => expect(within(shown).getAllByText('Not met').length).toBeGreaterThan(0));
  });
});
