// @vitest-environment jsdom
// The assignee and queue chips (spec part 2, section 4 "Alert assignee and queue"): changeable only
// with the permission and when not CLOSED or IN_REVIEW, hidden in RULE_VALIDATION, for alerts and
// cases; picking goes through POST /api/investigations/action on the real server with the spec's
// success and failure messages. The alert list's bulk bar assigns through the same mutation, which
// refreshes what both screens show and nothing else.
import './setup-dom';
import './fetch-stub';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentAgent, PermissionName } from '../../src/lib/permissions';
import { assignmentVisible, canChangeAssignment, canEditDeadline, statusActions, type WorkObjectType, type WorkStatus } from '../../src/lib/work-rules';
import { alertKeys } from '../../src/api/alerts/keys';
import { auditKeys } from '../../src/api/audit/keys';
import { caseKeys } from '../../src/api/cases/keys';
import { queueKeys } from '../../src/api/queues/keys';
import { tagKeys } from '../../src/api/tags/keys';
import { useAssignmentMutation } from '../../src/api/work/mutations';
import { alertCommandIds } from '../../src/areas/alerts/detail/use-alert-commands';
import { AssigneeChip, QueueChip, type AssignableObject } from '../../src/features/work';
import { makeAgent } from './fixtures';
import { renderWork } from './work-render';
import { startWorkServer, type WorkServer } from './work-server';

const STATUSES: WorkStatus[] = ['OPEN', 'IN_REVIEW', 'CLOSED', 'RULE_VALIDATION'];

describe('the rules (src/lib/work-rules.ts)', () => {
  const cases: Array<[WorkObjectType, PermissionName[], WorkStatus, boolean, boolean]> = [
    // type, permissions, status, visible, changeable
    ['ALERT', ['edit_alerts'], 'OPEN', true, true],
    ['ALERT', ['edit_alerts'], 'IN_REVIEW', true, false],
    ['ALERT', ['edit_alerts'], 'CLOSED', true, false],
    ['ALERT', ['edit_alerts'], 'RULE_VALIDATION', false, false],
    ['ALERT', ['read_alerts', 'edit_cases'], 'OPEN', true, false],
    ['ALERT', ['root_all'], 'OPEN', true, true],
    ['ALERT', ['root_all'], 'RULE_VALIDATION', false, false],
    ['CASE', ['edit_cases'], 'OPEN', true, true],
    ['CASE', ['edit_cases'], 'IN_REVIEW', true, false],
    ['CASE', ['edit_cases'], 'CLOSED', true, false],
    ['CASE', ['edit_alerts'], 'OPEN', true, false],
  ];
  it.each(cases)('%s with %j while %s: visible %s, changeable %s', (type, permissions, status, visible, changeable) => {
    const agent = makeAgent(permissions);
    expect(assignmentVisible(type, status)).toBe(visible);
    expect(canChangeAssignment(agent, type, status)).toBe(changeable);
  });

  it('edits deadlines only while OPEN and with edit_deadlines', () => {
    expect(STATUSES.filter((s) => canEditDeadline(makeAgent(['edit_deadlines']), s))).toEqual(['OPEN']);
    expect(canEditDeadline(makeAgent(['edit_alerts', 'edit_cases']), 'OPEN')).toBe(false);
  });

  it('offers close, send to review and reopen by status, none in RULE_VALIDATION or without the permission', () => {
    const agent = makeAgent(['edit_alerts']);
    expect(statusActions(agent, 'ALERT', 'OPEN')).toEqual({ close: true, sendToReview: true, reopen: false });
    expect(statusActions(agent, 'ALERT', 'IN_REVIEW')).toEqual({ close: true, sendToReview: false, reopen: true });
    expect(statusActions(agent, 'ALERT', 'CLOSED')).toEqual({ close: false, sendToReview: false, reopen: true });
    expect(statusActions(agent, 'ALERT', 'RULE_VALIDATION')).toEqual({ close: false, sendToReview: false, reopen: false });
    expect(statusActions(makeAgent(['read_alerts']), 'ALERT', 'OPEN')).toEqual({ close: false, sendToReview: false, reopen: false });
  });
});

describe('the alert page commands offered in the palette', () => {
  const me = 7;
  it('offers only what would work for the agent and the alert', () => {
    const analyst = makeAgent(['read_alerts', 'edit_alerts', 'read_agents']);
    const manager = makeAgent(['read_alerts', 'edit_alerts', 'edit_deadlines']);
    expect(alertCommandIds(analyst, { status: 'OPEN', assigned_to_id: null }, me)).toEqual(['alert.assign-to-me', 'alert.close', 'alert.comment', 'alert.pdf']);
    expect(alertCommandIds(analyst, { status: 'OPEN', assigned_to_id: me }, me)).toEqual(['alert.unassign', 'alert.close', 'alert.comment', 'alert.pdf']);
    expect(alertCommandIds(manager, { status: 'OPEN', assigned_to_id: 3 }, me)).toEqual([
      'alert.assign-to-me',
      'alert.unassign',
      'alert.edit-deadline',
      'alert.close',
      'alert.comment',
      'alert.pdf',
    ]);
    expect(alertCommandIds(manager, { status: 'CLOSED', assigned_to_id: 3 }, me)).toEqual(['alert.comment', 'alert.pdf']);
    expect(alertCommandIds(manager, { status: 'RULE_VALIDATION', assigned_to_id: null }, me)).toEqual(['alert.comment', 'alert.pdf']);
    expect(alertCommandIds(makeAgent(['read_alerts']), { status: 'OPEN', assigned_to_id: null }, me)).toEqual(['alert.pdf']);
  });
});

let server: WorkServer;
let manager: CurrentAgent;
beforeAll(async () => {
  server = await startWorkServer('manager@demo.test');
  manager = (await server.api('GET', '/api/agents/me')).json;
}, 120_000);
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  server.calls.length = 0;
});

const object = (type: WorkObjectType, status: WorkStatus, extra: Partial<AssignableObject> = {}): AssignableObject => ({
  type,
  id: 1,
  status,
  assigned_to_id: 3,
  assigned_to_name: 'Priya Shah',
  queue_id: 1,
  queue_title: 'General',
  ...extra,
});

function renderChips(target: AssignableObject, agent: CurrentAgent) {
  return renderWork(
    <>
      <AssigneeChip object={target} />
      <QueueChip object={target} />
    </>,
    agent,
  );
}

describe('the chips as rendered', () => {
  it.each([
    ['ALERT', ['edit_alerts'], 'OPEN', 'picker'],
    ['ALERT', ['edit_alerts'], 'IN_REVIEW', 'text'],
    ['ALERT', ['edit_alerts'], 'CLOSED', 'text'],
    ['ALERT', ['edit_alerts'], 'RULE_VALIDATION', 'hidden'],
    ['ALERT', ['read_alerts'], 'OPEN', 'text'],
    ['CASE', ['edit_cases'], 'OPEN', 'picker'],
    ['CASE', ['edit_cases'], 'IN_REVIEW', 'text'],
    ['CASE', ['edit_cases'], 'CLOSED', 'text'],
    ['CASE', ['edit_alerts'], 'OPEN', 'text'],
  ] as const)('%s with %j while %s: %s', (type, permissions, status, expected) => {
    renderChips(object(type, status), makeAgent([...permissions, 'read_agents']));
    const pickers = screen.queryAllByRole('button', { name: /^(Assignee|Queue): / });
    if (expected === 'picker') {
      // Named by the face, what it changes first; what pressing does is the description.
      expect(pickers).toEqual([
        screen.getByRole('button', { name: 'Assignee: Priya Shah', description: 'Change assignee' }),
        screen.getByRole('button', { name: 'Queue: General', description: 'Change queue' }),
      ]);
      expect(pickers.every((b) => !b.hasAttribute('aria-label'))).toBe(true);
    } else {
      expect(pickers).toHaveLength(0);
    }
    expect(screen.queryByText('Priya Shah') !== null).toBe(expected !== 'hidden');
    expect(screen.queryByText('General') !== null).toBe(expected !== 'hidden');
  });
});

interface Row {
  id: number;
  status: WorkStatus;
  assigned_to_id: number | null;
  assigned_to_name: string | null;
  queue_id: number | null;
  queue?: { title: string } | null;
}

async function find(type: WorkObjectType, status: WorkStatus): Promise<AssignableObject> {
  const path = type === 'ALERT' ? '/api/investigations/retrieve/alert' : '/api/investigations/retrieve/case';
  const ids = Array.from({ length: 100 }, (_, i) => i + 1);
  const answer = await server.api('POST', path, { object_type: type, object_ids: ids });
  const row = (answer.json.results as Row[]).find((r) => r.status === status);
  expect(row, `a ${status} ${type}`).toBeTruthy();
  return {
    type,
    id: row!.id,
    status: row!.status,
    assigned_to_id: row!.assigned_to_id,
    assigned_to_name: row!.assigned_to_name,
    queue_id: row!.queue_id,
    queue_title: row!.queue?.title ?? null,
  };
}

const actionCalls = () => server.calls.filter((c) => c.path === '/api/investigations/action');

async function pick(chip: RegExp, option: string) {
  fireEvent.click(await screen.findByRole('button', { name: chip }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('picking, against the real server', () => {
  it('reassigns an open alert, then unassigns it with agent_id -1', async () => {
    const alert = await find('ALERT', 'OPEN');
    const agents = (await server.api('GET', '/api/agents')).json.agents as Array<{ id: number; full_name: string }>;
    const other = agents.find((a) => a.id !== alert.assigned_to_id && a.id !== manager.id)!;
    const view = renderChips(alert, manager);
    await pick(/^Assignee: /, other.full_name);
    expect(await screen.findByText('Successfully reassigned alert.')).toBeTruthy();
    expect(actionCalls()[0]).toMatchObject({ status: 200, body: { object_ids: [alert.id], object_type: 'ALERT', agent_id: other.id } });
    view.unmount();

    renderChips({ ...alert, assigned_to_id: other.id, assigned_to_name: other.full_name }, manager);
    await pick(/^Assignee: /, 'Unassigned');
    await waitFor(() => expect(actionCalls()).toHaveLength(2));
    expect(actionCalls()[1].body).toMatchObject({ agent_id: -1 });
    const after = (await server.api('POST', '/api/investigations/retrieve/alert', { object_type: 'ALERT', object_ids: [alert.id] })).json.results[0];
    expect(after.assigned_to_id).toBeNull();
  });

  it('moves an open alert to another queue', async () => {
    const alert = await find('ALERT', 'OPEN');
    const queues = (await server.api('GET', '/api/queues')).json.queues as Array<{ id: number; title: string; access_type: string }>;
    const target = queues.find((q) => q.id !== alert.queue_id && q.access_type === 'open')!;
    renderChips(alert, manager);
    await pick(/^Queue: /, target.title);
    expect(await screen.findByText('Successfully changed alert queue.')).toBeTruthy();
    expect(actionCalls()[0]).toMatchObject({ status: 200, body: { object_type: 'ALERT', investigation_queue_id: target.id } });
  });

  it('says so when the server refuses (a closed alert offered as open)', async () => {
    const closed = await find('ALERT', 'CLOSED');
    renderChips({ ...closed, status: 'OPEN' }, manager);
    await pick(/^Assignee: /, 'Unassigned');
    expect(await screen.findByText('Failed to reassign alert. Please try again.')).toBeTruthy();
    expect(actionCalls()[0].status).toBe(409);
  });

  it('moves a closed alert nowhere either: "Failed to change alert queue. Please try again."', async () => {
    const closed = await find('ALERT', 'CLOSED');
    const queues = (await server.api('GET', '/api/queues')).json.queues as Array<{ id: number; title: string; access_type: string }>;
    const target = queues.find((q) => q.id !== closed.queue_id && q.access_type === 'open')!;
    renderChips({ ...closed, status: 'OPEN' }, manager);
    await pick(/^Queue: /, target.title);
    expect(await screen.findByText('Failed to change alert queue. Please try again.')).toBeTruthy();
  });

  it('reassigns an open case and moves it, with the case wording', async () => {
    const kase = await find('CASE', 'OPEN');
    const agents = (await server.api('GET', '/api/agents')).json.agents as Array<{ id: number; full_name: string }>;
    const other = agents.find((a) => a.id !== kase.assigned_to_id)!;
    const view = renderChips(kase, manager);
    await pick(/^Assignee: /, other.id === manager.id ? `${other.full_name} (you)` : other.full_name);
    expect(await screen.findByText('Successfully reassigned case.')).toBeTruthy();
    expect(actionCalls()[0].body).toMatchObject({ object_type: 'CASE', object_ids: [kase.id] });
    view.unmount();

    const queues = (await server.api('GET', '/api/queues')).json.queues as Array<{ id: number; title: string; access_type: string }>;
    const target = queues.find((q) => q.id !== kase.queue_id && q.access_type === 'open')!;
    renderChips(kase, manager);
    await pick(/^Queue: /, target.title);
    expect(await screen.findByText('Successfully changed case queue.')).toBeTruthy();
  });

  it('says so when a case cannot be reassigned or moved', async () => {
    const closed = await find('CASE', 'CLOSED');
    const view = renderChips({ ...closed, status: 'OPEN' }, manager);
    await pick(/^Assignee: /, 'Unassigned');
    expect(await screen.findByText('Failed to reassign case. Please try again.')).toBeTruthy();
    view.unmount();
    const queues = (await server.api('GET', '/api/queues')).json.queues as Array<{ id: number; title: string; access_type: string }>;
    const target = queues.find((q) => q.id !== closed.queue_id && q.access_type === 'open')!;
    renderChips({ ...closed, status: 'OPEN' }, manager);
    await pick(/^Queue: /, target.title);
    expect(await screen.findByText('Failed to change case queue. Please try again.')).toBeTruthy();
  });
});

describe('the one assignment mutation behind the chips, the alert page and the alert list', () => {
  function harness() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useAssignmentMutation('ALERT'), { wrapper });
    const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;
    return { client, mutation: () => result.current, invalidated };
  }

  it('writes the answer into the cached list rows, then reads again the alert, its activity, the alert lists and the queues, and nothing else', async () => {
    const alert = await find('ALERT', 'OPEN');
    const otherAlert = alert.id + 1;
    const { client, mutation, invalidated } = harness();
    const page = alertKeys.list({ statuses: ['OPEN'], page: 0 });
    const picker = alertKeys.list({ statuses: ['OPEN'], purpose: 'case-picker' });
    client.setQueryData(page, {
      count: 1,
      alerts: [
        {
          id: alert.id,
          assigned_to_id: alert.assigned_to_id,
          assigned_to_name: alert.assigned_to_name,
          queue_id: alert.queue_id,
          queue_title: alert.queue_title,
        },
      ],
    });
    client.setQueryData(picker, [{ id: alert.id }]);
    const refreshed = [alertKeys.detail(alert.id), alertKeys.transactions(alert.id, 0), auditKeys.list('ALERT', alert.id), queueKeys.list()];
    const untouched = [
      alertKeys.detail(otherAlert),
      auditKeys.list('ALERT', otherAlert),
      alertKeys.rules(),
      caseKeys.list({ page: 0 }),
      caseKeys.detail(1),
      tagKeys.list(),
    ];
    for (const key of [...refreshed, ...untouched]) client.setQueryData(key, {});

    await act(() => mutation().mutateAsync({ ids: [alert.id], change: { kind: 'assign', agentId: manager.id } }));

    const row = client.getQueryData<{ alerts: Array<{ assigned_to_id: number | null; assigned_to_name: string | null }> }>(page)!.alerts[0];
    expect(row).toMatchObject({ assigned_to_id: manager.id, assigned_to_name: manager.full_name });
    expect([page, picker, ...refreshed].map(invalidated)).toEqual([page, picker, ...refreshed].map(() => true));
    expect(untouched.map(invalidated)).toEqual(untouched.map(() => false));

    // put the alert back as it was for the other tests
    await act(() => mutation().mutateAsync({ ids: [alert.id], change: { kind: 'assign', agentId: alert.assigned_to_id ?? -1 } }));
  });

  it('reads the alert and its lists again after a refusal too (earlier chunks may have changed)', async () => {
    const closed = await find('ALERT', 'CLOSED');
    const { client, mutation, invalidated } = harness();
    for (const key of [alertKeys.detail(closed.id), alertKeys.list({ page: 0 })]) client.setQueryData(key, {});
    let failure: unknown;
    await act(() =>
      mutation()
        .mutateAsync({ ids: [closed.id], change: { kind: 'assign', agentId: -1 } })
        .catch((e: unknown) => void (failure = e)),
    );
    expect(failure).toMatchObject({ status: 409 });
    expect([alertKeys.detail(closed.id), alertKeys.list({ page: 0 })].map(invalidated)).toEqual([true, true]);
  });
});
