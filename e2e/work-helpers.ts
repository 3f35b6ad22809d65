// Setting up the analyst's work for the end-to-end specs through the product's own API.
//
// The specs share one console and one database, and the small demo data has only a few open
// alerts: the specs that work alerts (take, close, roll into a case) would leave none for those
// that follow. A spec that needs open alerts asks for them here first; missing ones are reopened
// (closed alerts outside cases, in open queues) as a manager would.
import { expect, type APIRequestContext } from '@playwright/test';

/** An access token for a demo agent from a fresh magic link (the browser's own session is untouched). */
export async function apiTokenFor(request: APIRequestContext, email: string): Promise<string> {
  expect((await request.post('/api/agents/magic-link', { data: { email } })).status()).toBe(202);
  const mailbox = await (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
  const token = new URL(mailbox.messages[0].link).searchParams.get('token');
  const exchanged = await request.post('/api/agents/email-login', { data: { token } });
  expect(exchanged.status()).toBe(200);
  return (await exchanged.json()).jwt as string;
}

interface ListedAlert {
  id: number;
  status: string;
  assigned_to_id: number | null;
  queue_id: number | null;
  case_id: number | null;
}

async function listAlerts(request: APIRequestContext, headers: Record<string, string>, status: string): Promise<ListedAlert[]> {
  const answer = await request.post('/api/alerts/list', { headers, data: { statuses: [status], sort_column: 'id', sort_direction: 'ascending', limit: 100 } });
  expect(answer.status()).toBe(200);
  return (await answer.json()).alerts as ListedAlert[];
}

/**
 * Makes sure Demo Bank has at least `count` open alerts in open (unrestricted) queues, at least
 * `unassigned` of them without an assignee. Acts as the demo manager.
 */
export async function ensureOpenAlerts(request: APIRequestContext, options: { count: number; unassigned?: number }): Promise<void> {
  const headers = { Authorization: `Bearer ${await apiTokenFor(request, 'manager@demo.test')}` };
  const queues = (await (await request.get('/api/queues', { headers })).json()).queues as Array<{ id: number; access_type: string }>;
  const openQueue = new Set(queues.filter((q) => q.access_type !== 'restricted').map((q) => q.id));
  const workable = (a: ListedAlert) => a.queue_id !== null && openQueue.has(a.queue_id);

  let open = (await listAlerts(request, headers, 'OPEN')).filter(workable);
  if (open.length < options.count) {
    const closed = (await listAlerts(request, headers, 'CLOSED')).filter((a) => workable(a) && a.case_id === null);
    for (const a of closed.slice(0, options.count - open.length)) {
      const reopened = await request.post(`/api/alerts/${a.id}/status`, { headers, data: { status: 'OPEN' } });
      expect(reopened.status()).toBe(200);
    }
    open = (await listAlerts(request, headers, 'OPEN')).filter(workable);
  }
  expect(open.length).toBeGreaterThanOrEqual(options.count);

  const missing = (options.unassigned ?? 0) - open.filter((a) => a.assigned_to_id === null).length;
  const toUnassign = open.filter((a) => a.assigned_to_id !== null).slice(0, Math.max(0, missing));
  if (toUnassign.length) {
    const answer = await request.post('/api/investigations/action', {
      headers,
      data: { object_ids: toUnassign.map((a) => a.id), object_type: 'ALERT', agent_id: -1 },
    });
    expect(answer.ok()).toBe(true);
  }
}
