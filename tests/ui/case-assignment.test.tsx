// @vitest-environment jsdom
// A case's assignee and queue as its panel shows them (the page renders the same header), against
// the real server (spec part 2, section 4 "Alert assignee and queue": for cases, not editable when
// CLOSED or IN_REVIEW; section 8: "Successfully reassigned case.", "Failed to reassign case. Please
// try again.", "Successfully changed case queue.", "Failed to change case queue. Please try again.").
import './setup-dom';
import { json, net } from './fetch-stub';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentAgent } from '../../src/lib/permissions';
import CasePanel from '../../src/areas/cases/detail/CasePanel';
import { renderWork } from './work-render';
import { startWorkServer, type WorkServer } from './work-server';

interface Queue {
  id: number;
  title: string;
  access_type: string;
}
interface Agent {
  id: number;
  full_name: string;
}
interface KeptCase {
  id: number;
  status: string;
  assigned_to_id: number | null;
  queue_id: number | null;
}

let server: WorkServer;
let manager: CurrentAgent;
let openQueues: Queue[];
let agents: Agent[];
let alertIds: number[];
beforeAll(async () => {
  server = await startWorkServer('manager@demo.test');
  manager = (await server.api('GET', '/api/agents/me')).json;
  openQueues = ((await server.api('GET', '/api/queues')).json.queues as Queue[]).filter((q) => q.access_type === 'open');
  agents = (await server.api('GET', '/api/agents')).json.agents as Agent[];
  const alerts = (await server.api('POST', '/api/alerts/list', { statuses: ['OPEN'], limit: 100 })).json.alerts as Array<{
    id: number;
    queue_id: number | null;
  }>;
  alertIds = alerts.filter((a) => openQueues.some((q) => q.id === a.queue_id)).map((a) => a.id);
  expect(openQueues.length).toBeGreaterThanOrEqual(2);
  expect(alertIds.length).toBeGreaterThan(0);
}, 120_000);
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  server.calls.length = 0;
});

const titles = new Map<number, string>();
/** A new open case in the first open queue, assigned to nobody. */
async function openCase(): Promise<number> {
  const title = `Assignment check ${titles.size + 1}`;
  const created = await server.api('POST', '/api/cases', { title, alert_ids: [alertIds[0]], queue_id: openQueues[0].id });
  expect(created.status).toBe(201);
  const id = created.json.id as number;
  titles.set(id, title);
  return id;
}

async function kept(id: number): Promise<KeptCase> {
  return (await server.api('POST', '/api/investigations/retrieve/case', { object_type: 'CASE', object_ids: [id] })).json.results[0] as KeptCase;
}

async function setStatus(id: number, status: 'IN_REVIEW' | 'CLOSED') {
  const body = status === 'CLOSED' ? { status, disposition: 'FALSE_POSITIVE' } : { status };
  expect((await server.api('POST', `/api/cases/${id}/status`, body)).status).toBe(200);
}

async function showPanel(id: number) {
  const view = renderWork(<CasePanel view="case" id={String(id)} label={`Case ${id}`} close={() => {}} />, manager);
  await screen.findByRole('heading', { name: new RegExp(titles.get(id)!) });
  return view;
}

/** The chips as plain text (no picker): what they show. */
function staticChips(container: HTMLElement): string[] {
  return Array.from(container.querySelectorAll('[data-static]'), (chip) => chip.textContent?.trim() ?? '');
}

async function pick(chip: RegExp, option: string) {
  fireEvent.click(await screen.findByRole('button', { name: chip }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

/** A second toast waits for the first to leave (4000 ms on screen, 300 ms exit). */
const SECOND_TOAST_MS = 8_000;

const someoneElse = () => agents.find((a) => a.id !== manager.id)!;
const actionStatuses = () => server.calls.filter((c) => c.path === '/api/investigations/action').map((c) => c.status);

describe("a case's assignee and queue on its panel", () => {
  it('reassigns an open case and changes its queue, with the spec texts, and the chips show the result', { timeout: 20_000 }, async () => {
    const id = await openCase();
    const agent = someoneElse();
    const target = openQueues[1];
    await showPanel(id);

    await pick(/^Assignee: /, agent.full_name);
    expect(await screen.findByText('Successfully reassigned case.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: `Assignee: ${agent.full_name}` })).toBeTruthy();

    await pick(/^Queue: /, target.title);
    // Toasts show one at a time (4 s each): this one follows the first.
    expect(await screen.findByText('Successfully changed case queue.', {}, { timeout: SECOND_TOAST_MS })).toBeTruthy();
    expect(await screen.findByRole('button', { name: `Queue: ${target.title}` })).toBeTruthy();

    expect(actionStatuses()).toEqual([200, 200]);
    expect(await kept(id)).toMatchObject({ assigned_to_id: agent.id, queue_id: target.id });
    expect(screen.queryByText(/^Failed to/)).toBeNull();
  });

  it('says the reassignment failed when the case was closed meanwhile (409), then shows the assignee frozen', async () => {
    const id = await openCase();
    await showPanel(id);
    await screen.findByRole('button', { name: /^Assignee: / });
    await setStatus(id, 'CLOSED');

    await pick(/^Assignee: /, someoneElse().full_name);
    expect(await screen.findByText('Failed to reassign case. Please try again.')).toBeTruthy();
    expect(screen.queryByText('Successfully reassigned case.')).toBeNull();
    expect(actionStatuses()).toEqual([409]);
    // The refusal reads the case again: closed, so the chips are plain text and say why.
    expect(await screen.findByText('Assignee and queue cannot be changed while the case is closed.')).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: /^(Assignee|Queue): / })).toHaveLength(0);
    expect((await kept(id)).assigned_to_id).toBeNull();
  });

  it('says the queue change failed when the case went to review meanwhile (409), then shows the queue frozen', async () => {
    const id = await openCase();
    await showPanel(id);
    await screen.findByRole('button', { name: /^Queue: / });
    await setStatus(id, 'IN_REVIEW');

    await pick(/^Queue: /, openQueues[1].title);
    expect(await screen.findByText('Failed to change case queue. Please try again.')).toBeTruthy();
    expect(screen.queryByText('Successfully changed case queue.')).toBeNull();
    expect(actionStatuses()).toEqual([409]);
    expect(await screen.findByText('Assignee and queue cannot be changed while the case is in review.')).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: /^(Assignee|Queue): / })).toHaveLength(0);
    expect((await kept(id)).queue_id).toBe(openQueues[0].id);
  });

  it('says both failed when the server answers 500', { timeout: 20_000 }, async () => {
    const id = await openCase();
    await showPanel(id);
    // The server fails on the action (a fault at the network seam); every other call goes through.
    const real = net.handler;
    net.handler = async (request) => {
      if (new URL(request.url).pathname === '/api/investigations/action')
        return json(500, { statusCode: 500, error: 'Internal Server Error', message: 'boom' });
      return real(request);
    };
    try {
      await pick(/^Assignee: /, someoneElse().full_name);
      expect(await screen.findByText('Failed to reassign case. Please try again.')).toBeTruthy();
      await pick(/^Queue: /, openQueues[1].title);
      expect(await screen.findByText('Failed to change case queue. Please try again.', {}, { timeout: SECOND_TOAST_MS })).toBeTruthy();
    } finally {
      net.handler = real;
    }
    expect(screen.queryByText(/^Successfully/)).toBeNull();
    expect(await kept(id)).toMatchObject({ assigned_to_id: null, queue_id: openQueues[0].id });
  });

  it.each(['CLOSED', 'IN_REVIEW'] as const)('offers no picker for a case %s, and says why', async (status) => {
    const id = await openCase();
    await setStatus(id, status);
    const { container } = await showPanel(id);
    const why = `Assignee and queue cannot be changed while the case is ${status === 'CLOSED' ? 'closed' : 'in review'}.`;
    expect(await screen.findByText(why)).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: /^(Assignee|Queue): / })).toHaveLength(0);
    expect(staticChips(container)).toEqual(['Unassigned', openQueues[0].title]);
  });
});
