// @vitest-environment jsdom
// The create-case dialog against the real server: the title is required, the queue defaults to the
// alerts' queue and offers only accessible queues, a refusal keeps what was typed and a restricted
// queue the agent cannot use reads as an access problem.
import './setup-dom';
import './fetch-stub';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CurrentAgent } from '../../src/app/auth/auth-context';
import { CreateCaseDialog } from '../../src/features/work/CreateCaseDialog';
import { NO_QUEUE_ACCESS, TITLE_REQUIRED } from '../../src/features/work/create-case.utils';
import { renderWork } from './work-render';
import { startWorkServer, type WorkServer } from './work-server';

let server: WorkServer;
let manager: CurrentAgent;

interface AlertRow {
  id: number;
  status: string;
  queue_id: number | null;
}

/** Two open or in-review alerts, the first in a queue, as the server lists them now. */
async function twoOpenAlerts(): Promise<AlertRow[]> {
  const answer = await server.api('POST', '/api/alerts/list', { statuses: ['OPEN', 'IN_REVIEW'], limit: 100, offset: 0 });
  expect(answer.status).toBe(200);
  const rows = answer.json.alerts as AlertRow[];
  const first = rows.find((a) => a.queue_id !== null)!;
  const pair = [first, rows.find((a) => a.id !== first.id)!];
  expect(pair.every(Boolean)).toBe(true);
  return pair;
}

const titleInput = () => screen.getByLabelText<HTMLInputElement>('Title');
const queueSelect = () => screen.getByLabelText<HTMLSelectElement>('Queue');
const create = () => fireEvent.click(screen.getByRole('button', { name: 'Create case' }));
const createCalls = () => server.calls.filter((c) => c.method === 'POST' && c.path === '/api/cases');

beforeAll(async () => {
  server = await startWorkServer('manager@demo.test');
  manager = (await server.api('GET', '/api/agents/me')).json;
}, 120_000);
afterAll(() => server.close());
afterEach(async () => {
  cleanup();
  server.calls.length = 0;
  await server.signInAs('manager@demo.test');
});

describe('Create case', () => {
  it('requires a title and sends nothing without one', async () => {
    const alerts = await twoOpenAlerts();
    renderWork(<CreateCaseDialog open alertIds={alerts.map((a) => a.id)} onClose={() => {}} />, manager);
    await screen.findByRole('dialog', { name: 'Create case' });
    fireEvent.change(titleInput(), { target: { value: '   ' } });
    create();
    expect(await screen.findByText(TITLE_REQUIRED)).toBeTruthy();
    expect(titleInput().getAttribute('aria-invalid')).toBe('true');
    expect(createCalls()).toHaveLength(0);
  });

  it("defaults the queue to the alerts' queue and offers only queues the agent may use", async () => {
    const alerts = await twoOpenAlerts();
    const queues = (await server.api('GET', '/api/queues')).json.queues as Array<{ id: number; title: string; access_type: string; is_member: boolean }>;
    renderWork(<CreateCaseDialog open alertIds={alerts.map((a) => a.id)} onClose={() => {}} />, manager);
    await waitFor(() => expect(queueSelect().value).toBe(String(alerts[0].queue_id)));
    const offered = within(queueSelect())
      .getAllByRole('option')
      .map((o) => Number((o as HTMLOptionElement).value));
    const usable = queues.filter((q) => q.access_type === 'open' || q.is_member).map((q) => q.id);
    expect(offered.sort()).toEqual(usable.sort());
  });

  it('creates the case from the alerts and reports its id', async () => {
    const alerts = await twoOpenAlerts();
    const onCreated = vi.fn();
    const onClose = vi.fn();
    renderWork(<CreateCaseDialog open alertIds={alerts.map((a) => a.id)} onClose={onClose} onCreated={onCreated} />, manager);
    await waitFor(() => expect(queueSelect().value).toBe(String(alerts[0].queue_id)));
    fireEvent.change(titleInput(), { target: { value: 'Structuring ring, two customers' } });
    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'Opened from the component test.' } });
    create();
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    const caseId = onCreated.mock.calls[0][0] as number;
    expect(onClose).toHaveBeenCalled();
    expect(createCalls()[0].body).toMatchObject({ title: 'Structuring ring, two customers', alert_ids: alerts.map((a) => a.id), queue_id: alerts[0].queue_id });
    expect(await screen.findByText(`Case ${caseId} created.`)).toBeTruthy();
    const saved = await server.api('POST', '/api/investigations/retrieve/case', { object_type: 'CASE', object_ids: [caseId] });
    expect(saved.json.results[0]).toMatchObject({ title: 'Structuring ring, two customers', status: 'OPEN', queue_id: alerts[0].queue_id });
    expect(saved.json.results[0].alerts.map((a: { id: number }) => a.id).sort()).toEqual(alerts.map((a) => a.id).sort());
  });

  it('keeps what was typed when the server refuses, and a restricted queue reads as no access', async () => {
    const alerts = await twoOpenAlerts();
    // A restricted queue the manager belongs to while the dialog opens, and leaves before saving.
    const made = await server.api('POST', '/api/queues', { title: `Dialog test ${Date.now()}`, access_type: 'restricted', member_ids: [manager.id] });
    expect(made.status).toBe(201);
    renderWork(<CreateCaseDialog open alertIds={alerts.map((a) => a.id)} onClose={() => {}} />, manager);
    await waitFor(() => expect(within(queueSelect()).getByRole('option', { name: `${made.json.title} (restricted)` })).toBeTruthy());
    fireEvent.change(titleInput(), { target: { value: 'Kept title' } });
    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'Kept description' } });
    fireEvent.change(queueSelect(), { target: { value: String(made.json.id) } });
    expect((await server.api('PATCH', `/api/queues/${made.json.id}`, { member_ids: [] })).status).toBe(200);

    create();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(NO_QUEUE_ACCESS);
    expect(createCalls()[0].status).toBe(404);
    expect(titleInput().value).toBe('Kept title');
    expect(screen.getByLabelText<HTMLTextAreaElement>(/Description/).value).toBe('Kept description');
    expect(queueSelect().value).toBe(String(made.json.id));
    expect(screen.getByRole('dialog', { name: 'Create case' })).toBeTruthy();
  });
});
