// @vitest-environment jsdom
// The queues page and the queue dialog against the real server: counts and access types, hidden
// counts of restricted queues, managers only may create and edit, the title is required, a taken
// title shows beside the field and everything typed stays.
import './setup-dom';
import './fetch-stub';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentAgent } from '../../src/app/auth/auth-context';
import { HIDDEN_COUNT_TEXT, QueuesPage, queueAlertsPath } from '../../src/areas/operations/queues/QueuesPage';
import { TEXTS } from '../../src/areas/operations/queues/queue-form';
import { renderWork } from './work-render';
import { startWorkServer, type WorkServer } from './work-server';

let server: WorkServer;

async function me(): Promise<CurrentAgent> {
  return (await server.api('GET', '/api/agents/me')).json;
}

const rowOf = (title: string) => screen.getAllByRole('row').find((r) => within(r).queryByText(title, { exact: true }))!;
const queueCalls = () => server.calls.filter((c) => c.path.startsWith('/api/queues') && c.method !== 'GET');

beforeAll(async () => {
  server = await startWorkServer('manager@demo.test');
}, 120_000);
afterAll(() => server.close());
afterEach(async () => {
  cleanup();
  server.calls.length = 0;
  await server.signInAs('manager@demo.test');
});

describe('Queues page', () => {
  it('lists every queue with its access type and counts, and opens the queue in the alert list', async () => {
    renderWork(<QueuesPage />, await me());
    const queues = (await server.api('GET', '/api/queues')).json.queues as Array<{ id: number; title: string; access_type: string; open_alerts: number }>;
    await screen.findByRole('table');
    for (const q of queues) {
      const row = rowOf(q.title);
      expect(within(row).getByText(q.access_type === 'restricted' ? 'Restricted' : 'Open')).toBeTruthy();
      expect(within(row).getByRole('link', { name: q.title }).getAttribute('href')).toBe(queueAlertsPath(q.id));
      expect(within(row).getAllByText(q.open_alerts.toLocaleString()).length).toBeGreaterThan(0);
    }
  });

  it("hides a restricted queue's counts from agents outside it, and offers no editing", async () => {
    await server.signInAs('analyst@demo.test');
    renderWork(<QueuesPage />, await me());
    await screen.findByRole('table');
    const row = rowOf('Sensitive Investigations');
    expect(within(row).getAllByText(HIDDEN_COUNT_TEXT)).toHaveLength(3);
    expect(within(row).queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button', { name: 'New queue' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit queue/ })).toBeNull();
  });
});

describe('Queue dialog', () => {
  it('requires a title and sends nothing without one', async () => {
    renderWork(<QueuesPage />, await me());
    fireEvent.click(await screen.findByRole('button', { name: 'New queue' }));
    const dialog = await screen.findByRole('dialog', { name: 'New queue' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create queue' }));
    expect(await within(dialog).findByText(TEXTS.titleRequired)).toBeTruthy();
    expect(queueCalls()).toHaveLength(0);
  });

  it('shows a taken title beside the field and keeps what was typed', async () => {
    renderWork(<QueuesPage />, await me());
    fireEvent.click(await screen.findByRole('button', { name: 'New queue' }));
    const dialog = await screen.findByRole('dialog', { name: 'New queue' });
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'general' } });
    fireEvent.change(within(dialog).getByLabelText(/Description/), { target: { value: 'A second general queue' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: /^Restricted/ }));
    fireEvent.change(within(dialog).getByLabelText(/Deadline in days/), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create queue' }));

    expect(await within(dialog).findByText(TEXTS.titleTaken)).toBeTruthy();
    expect(queueCalls()[0]).toMatchObject({ method: 'POST', status: 409, body: { title: 'general', access_type: 'restricted', deadline_seconds: 5 * 86_400 } });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Title').value).toBe('general');
    expect(within(dialog).getByLabelText<HTMLTextAreaElement>(/Description/).value).toBe('A second general queue');
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: /^Restricted/ }).checked).toBe(true);
    expect(within(dialog).getByLabelText<HTMLInputElement>(/Deadline in days/).value).toBe('5');
  });

  it('creates a queue and then edits it', async () => {
    const title = `Card disputes ${Date.now()}`;
    renderWork(<QueuesPage />, await me());
    fireEvent.click(await screen.findByRole('button', { name: 'New queue' }));
    let dialog = await screen.findByRole('dialog', { name: 'New queue' });
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: title } });
    fireEvent.change(within(dialog).getByLabelText(/Deadline in days/), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create queue' }));
    expect(await screen.findByText(TEXTS.created(title))).toBeTruthy();
    await waitFor(() => expect(rowOf(title)).toBeTruthy());
    expect(within(rowOf(title)).getByText('10 days')).toBeTruthy();

    fireEvent.click(within(rowOf(title)).getByRole('button', { name: `Edit queue ${title}` }));
    dialog = await screen.findByRole('dialog', { name: 'Edit queue' });
    expect(within(dialog).getByLabelText<HTMLInputElement>(/Deadline in days/).value).toBe('10');
    fireEvent.change(within(dialog).getByLabelText(/Deadline in days/), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save queue' }));
    await waitFor(() => expect(queueCalls().at(-1)).toMatchObject({ method: 'PATCH', status: 200, body: { title, deadline_seconds: null } }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit queue' })).toBeNull());
    await waitFor(() => expect(within(rowOf(title)).getByText('—')).toBeTruthy());
    // Toasts show one at a time: the update's follows the creation's.
    expect(await screen.findByText(TEXTS.updated(title), undefined, { timeout: 10_000 })).toBeTruthy();
  });
});
