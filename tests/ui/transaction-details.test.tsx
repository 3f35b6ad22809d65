// @vitest-environment jsdom
// Transaction Details against the real server (spec part 2, sections 2, 4, 8, 9): the Sending,
// Receiving and Other sections by flow, a censored value with its tooltip, Show/Hide Empty Fields,
// the ACH Risk Score Evidence popover (top 3 by absolute value, rounded, 542 px), the Edit tags
// button blocked while a label edit is pending ("Update requested at {time}", polled every 5 s with
// a 5-minute lookback), and the retry state of a failed load.
import './setup-dom';
import { json, net } from './fetch-stub';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentAgent } from '../../src/lib/permissions';
import { longTime } from '../../src/lib/time';
import { TransactionDetails } from '../../src/areas/data-explorer/transaction/TransactionDetails';
import { renderWork } from './work-render';
import { startWorkServer, type WorkServer } from './work-server';

let server: WorkServer;
let analyst: CurrentAgent;
let txn: { id: number; external_id: string };
const urls: string[] = [];

beforeAll(async () => {
  server = await startWorkServer('analyst@demo.test');
  analyst = (await server.api('GET', '/api/agents/me')).json;
  // an outgoing wire: a beneficiary account (encrypted: masked for the analyst), no receiver
  [txn] = (await server.sql<{ id: number; external_id: string }>(`select t.id, t.external_id from transactions t
    join data_settings d on d.org_id = t.org_id and d.key_path = 'transaction.beneficiary_account'
    where t.org_id = 1 and (t.formatted_data -> d.id::text) is not null and t.receiver_entity_id is null and t.risk_score is not null
    order by t.id limit 1`)) as [{ id: number; external_id: string }];
  const real = net.handler;
  net.handler = async (request) => {
    urls.push(request.url);
    return real(request);
  };
});
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
afterAll(() => server.close());

const section = (name: string) => screen.getByRole('region', { name });
const labels = (name: string) => [...within(section(name)).queryAllByRole('term')].map((d) => d.textContent);

async function hover(element: Element) {
  await act(async () => {
    fireEvent.pointerMove(element, { pointerType: 'mouse' });
    await new Promise((r) => setTimeout(r, 400));
  });
}

describe('transaction details', () => {
  it('sorts fields into Sending, Receiving and Other by flow; empty ones only on request', async () => {
    renderWork(<TransactionDetails id={txn.id} />, analyst);
    await screen.findByRole('region', { name: 'Sending' });
    expect(labels('Sending')).toEqual(expect.arrayContaining(['Sender', 'Sending instrument', 'Sent amount', 'Beneficiary account']));
    expect(labels('Other')).toEqual(expect.arrayContaining(['Transaction type', 'Status', 'Channel', 'Counterparty', 'Counterparty country']));
    expect(labels('Other')).not.toContain('Beneficiary account');
    // no receiver: hidden while empty fields are hidden
    expect(labels('Receiving')).not.toContain('Receiver');
    expect(labels('Receiving')).toContain('Received amount');
    fireEvent.click(screen.getByRole('button', { name: 'Show Empty Fields' }));
    expect(labels('Receiving')).toEqual(expect.arrayContaining(['Receiver', 'Receiver ID', 'Receiving instrument']));
    const receiver = within(section('Receiving')).getByText('Receiver');
    expect(receiver.nextElementSibling!.textContent).toBe('—');
    fireEvent.click(screen.getByRole('button', { name: 'Hide Empty Fields' }));
    expect(labels('Receiving')).not.toContain('Receiver');
  });

  it('shows the censored beneficiary account as the mask with "This field is censored."', async () => {
    renderWork(<TransactionDetails id={txn.id} />, analyst);
    const term = await within(await screen.findByRole('region', { name: 'Sending' })).findByText('Beneficiary account');
    const masked = term.nextElementSibling!.querySelector('[data-censored]')!;
    expect(masked.textContent).toContain('••••••');
    await hover(masked);
    expect(screen.getByRole('tooltip').textContent).toBe('This field is censored.');
  });

  it('explains the risk score: the top 3 evidence items by absolute value, rounded, in 542 px', async () => {
    // a payment between two customers has all four explanation items, so the cut to 3 shows
    const [scored] = await server.sql<{ id: number }>(`select id from transactions where org_id = 1 and risk_score is not null
      and sender_entity_id is not null and receiver_entity_id is not null order by id limit 1`);
    const { values } = (await server.api('GET', `/api/ml/txn-score/shap-values/${scored.id}`)).json as {
      values: Record<string, { value: number; pretty_name: string; increase_risk: boolean }>;
    };
    const expected = Object.values(values)
      .sort((a, b) => Math.abs(b.value) - Math.abs(a.value))
      .slice(0, 3);
    expect(Object.keys(values).length).toBeGreaterThan(3);
    renderWork(<TransactionDetails id={scored.id} />, analyst);
    fireEvent.click(await screen.findByRole('button', { name: /^Risk score \d+: show the evidence$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'ACH Risk Score Evidence' });
    expect(dialog.style.width).toBe('542px');
    const items = await within(dialog).findAllByRole('listitem');
    expect(items.map((li) => li.firstElementChild!.textContent)).toEqual(expected.map((v) => v.pretty_name));
    const shown = items.map((li) => li.lastElementChild!.firstChild!.textContent!.replace('−', '-').replace('+', ''));
    expect(shown.map(Number)).toEqual(expected.map((v) => Math.round(v.value)));
  });

  it('offers Retry when the transaction cannot be loaded', async () => {
    const real = net.handler;
    let failures = 1;
    net.handler = async (request) => {
      if (new URL(request.url).pathname === '/api/txn-events/get' && failures-- > 0) return json(503, { error: { code: 'unavailable', message: 'Down' } });
      return real(request);
    };
    try {
      renderWork(<TransactionDetails id={txn.id} />, analyst);
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('Failed to load transaction.');
      fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
      expect(await screen.findByRole('region', { name: 'Sending' })).toBeTruthy();
    } finally {
      net.handler = real;
    }
  });

  it('blocks Edit tags while a label edit is pending, says when it was requested, and unblocks when it finishes', async () => {
    await server.signInAs('admin@demo.test');
    const admin = (await server.api('GET', '/api/agents/me')).json as CurrentAgent;
    try {
      // a label edit another writer started and has not finished
      const [edit] = await server.sql<{ id: number; started_at: string }>(`insert into label_edits (org_id, object_type, object_external_id, requested_by)
        values (1, 'TRANSACTION', '${txn.external_id}', null) returning id, started_at`);
      urls.length = 0;
      renderWork(<TransactionDetails id={txn.id} />, admin);
      await screen.findByRole('button', { name: 'Edit tags' });
      await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Edit tags' }).disabled).toBe(true));
      await hover(screen.getByRole('button', { name: 'Edit tags' }).parentElement!);
      expect(screen.getByRole('tooltip').textContent).toBe(`Update requested at ${longTime(new Date(edit.started_at).toISOString())}`);
      const polls = urls.filter((u) => u.includes('/api/delta_lake_cgdo_data_label_edits'));
      expect(polls.length).toBeGreaterThan(0);
      const query = new URL(polls[0]).searchParams;
      expect(Object.fromEntries(query)).toEqual({ cgdo_type: 'TRANSACTION', cgdo_external_id: txn.external_id, within_last_mins: '5', limit: '1' });

      // the writer finishes: the next poll (within 5 s) frees the button
      await server.sql(`update label_edits set finished_at = now() where id = ${edit.id}`);
      await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Edit tags' }).disabled).toBe(false), { timeout: 7000 });

      // and the modal saves a tag
      const [tag] = await server.sql<{ id: number; title: string }>(`select id, title from tags where org_id = 1 order by title limit 1`);
      fireEvent.click(screen.getByRole('button', { name: 'Edit tags' }));
      const modal = await screen.findByRole('dialog', { name: 'Edit tags' });
      fireEvent.click(await within(modal).findByRole('checkbox', { name: tag.title }));
      fireEvent.click(within(modal).getByRole('button', { name: 'Save tags' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit tags' })).toBeNull());
      await waitFor(() => expect(within(screen.getByRole('list', { name: 'Tags' })).getByText(tag.title)).toBeTruthy());
    } finally {
      await server.signInAs('analyst@demo.test');
    }
  }, 30_000);
});
