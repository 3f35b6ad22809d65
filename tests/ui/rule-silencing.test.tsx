// @vitest-environment jsdom
// The entity's Rule Silencing tab against the real server and database (tests/ui/work-server.ts): a
// manager silences a rule for a customer (the form's own checks first, then the server's refusal at
// its field with everything typed kept, then the save), sees it listed in force, sees an expired one
// marked so and without Lift, and lifts one after confirming; an agent without edit_entities sees the
// list only.
import './setup-dom';
import './fetch-stub';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentAgent } from '../../src/app/auth/auth-context';
import { RuleSilencingTab } from '../../src/areas/data-explorer/entity/tabs/RuleSilencingTab';
import { DATE_IN_PAST, REASON_REQUIRED, silenceExpiry } from '../../src/areas/data-explorer/entity/tabs/silence-form';
import { renderWork } from './work-render';
import { startWorkServer, type WorkServer } from './work-server';

configure({ asyncUtilTimeout: 8000 });
let server: WorkServer;
let manager: CurrentAgent;
let entity: { id: number; name_readable: string };
let rule: { id: number; title: string };

beforeAll(async () => {
  server = await startWorkServer('manager@demo.test');
  manager = (await server.api('GET', '/api/agents/me')).json;
  // a customer nobody has silenced anything for
  [entity] = await server.sql<{ id: number; name_readable: string }>(
    'select e.id, e.name_readable from entities e where not exists (select 1 from rule_silences s where s.entity_id = e.id) order by e.id limit 1',
  );
  const rules = (await server.api('GET', '/api/rules?status=ACTIVE')).json.rules as Array<{ id: number; title: string }>;
  rule = rules[0];
});
afterEach(() => cleanup());
afterAll(() => server.close());

const silenceCalls = () => server.calls.filter((c) => c.path === `/api/entities/${entity.id}/rule-silences` && c.method === 'POST');
const table = () => screen.findByRole('table', { name: 'Rule silences' });
const rowOf = async (text: string) => {
  const rows = within(await table())
    .getAllByRole('row')
    .slice(1);
  const row = rows.find((r) => r.textContent?.includes(text));
  expect(row, `a row with ${text}`).toBeTruthy();
  return row!;
};

describe('the rule silencing tab', () => {
  it('silences a rule for the customer: the form checks first, a refused save keeps what was typed, then the silence is listed in force', async () => {
    renderWork(<RuleSilencingTab entity={entity} />, manager);
    expect(await screen.findByText('No information to display')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Silence a rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Silence a rule' });
    const picker = within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Rule' });
    expect(picker.value).toBe('');
    expect(within(picker).getAllByRole('option')[0].textContent).toBe('All rules');
    await waitFor(() => expect(within(picker).getByRole('option', { name: rule.title })).toBeTruthy());

    // nothing typed: the reason is asked for, and nothing is sent
    fireEvent.click(within(dialog).getByRole('button', { name: 'Silence' }));
    const reason = within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'Reason' });
    expect(await within(dialog).findByText(REASON_REQUIRED)).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(reason);

    // an end in the past is refused by the form
    fireEvent.change(picker, { target: { value: String(rule.id) } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Ends' }), { target: { value: 'at' } });
    fireEvent.change(within(dialog).getByLabelText('End date and time'), { target: { value: '2020-01-01T09:00' } });
    fireEvent.change(reason, { target: { value: 'x'.repeat(2001) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Silence' }));
    expect(await within(dialog).findByText(DATE_IN_PAST)).toBeTruthy();
    expect(silenceCalls()).toHaveLength(0);

    // the server refuses the reason (longer than the contract allows): its message at the field, everything kept
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Ends' }), { target: { value: '30d' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Silence' }));
    await waitFor(() => expect(silenceCalls().at(-1)?.status).toBe(400));
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(reason.getAttribute('aria-describedby')!)?.textContent).toMatch(/2000/);
    expect(picker.value).toBe(String(rule.id));
    expect(reason.value).toHaveLength(2001);
    expect(screen.getByRole('dialog', { name: 'Silence a rule' })).toBeTruthy();

    // corrected, it is saved and listed
    fireEvent.change(reason, { target: { value: 'Payroll account: the weekly salary run looks like structuring.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Silence' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Silence a rule' })).toBeNull());
    expect(silenceCalls().at(-1)).toMatchObject({
      status: 201,
      body: { rule_id: rule.id, reason: 'Payroll account: the weekly salary run looks like structuring.' },
    });
    const sent = silenceCalls().at(-1)!.body as { expires_at: string };
    // in 30 days from the save (within the minute the test takes)
    expect(Math.abs(Date.parse(sent.expires_at) - Date.parse((silenceExpiry({ end: '30d', at: '' }) as { expiresAt: string }).expiresAt))).toBeLessThan(60_000);

    const row = await rowOf(rule.title);
    expect(within(row).getByText('In force')).toBeTruthy();
    expect(within(row).getByText(/^Until /)).toBeTruthy();
    expect(within(row).getByText('Morgan Manager')).toBeTruthy();
    const stored = await server.sql<{ reason: string; rule_id: number }>(`select reason, rule_id from rule_silences where entity_id = ${entity.id}`);
    expect(stored).toEqual([{ reason: 'Payroll account: the weekly salary run looks like structuring.', rule_id: rule.id }]);
  });

  it('marks an expired silence and offers no Lift for it; lifts one in force after confirming', async () => {
    // every rule silenced until lifted, and one that ran out (no call makes a silence end in the past)
    const all = await server.api('POST', `/api/entities/${entity.id}/rule-silences`, { reason: 'Known test customer', expires_at: null });
    expect(all.status).toBe(201);
    const old = await server.api('POST', `/api/entities/${entity.id}/rule-silences`, {
      rule_id: rule.id,
      reason: 'Old campaign',
      expires_at: '2099-01-01T00:00:00Z',
    });
    await server.sql(`update rule_silences set created_at = now() - interval '10 days', expires_at = now() - interval '1 day' where id = ${old.json.id}`);

    renderWork(<RuleSilencingTab entity={entity} />, manager);
    const expired = await rowOf('Old campaign');
    expect(within(expired).getByText('Expired')).toBeTruthy();
    expect(within(expired).getByText(/^Ended /)).toBeTruthy();
    expect(within(expired).queryByRole('button', { name: /^Lift/ })).toBeNull();

    const allRow = await rowOf('Known test customer');
    expect(within(allRow).getByText('All rules')).toBeTruthy();
    expect(within(allRow).getByText('Until lifted')).toBeTruthy();
    fireEvent.click(within(allRow).getByRole('button', { name: 'Lift the silence of All rules' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Lift this silence?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Lift silence' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(async () => expect(within(await rowOf('Known test customer')).getByText('Lifted')).toBeTruthy());
    expect(within(await rowOf('Known test customer')).getByText(/^Lifted .* by Morgan Manager$/)).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'DELETE' && c.path === `/api/rule-silences/${all.json.id}` && c.status === 200)).toBe(true);
  });

  it('shows an agent without edit_entities the silences but no way to add or lift one', async () => {
    const reader = { ...manager, permissions: manager.permissions.filter((p) => p !== 'edit_entities') } as CurrentAgent;
    renderWork(<RuleSilencingTab entity={entity} />, reader);
    await table();
    expect(screen.queryByRole('button', { name: 'Silence a rule' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Lift/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });
});
