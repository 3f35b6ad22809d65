import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/app.js';

let t: TestContext;
let admin: { id: number; org_id: number };
let analyst: { id: number; org_id: number };
let adminToken: string;
let analystToken: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.one(sql`select id, org_id from agents where email = 'admin@demo.test'`);
  analyst = await t.one(sql`select id, org_id from agents where email = 'analyst@demo.test'`);
  // the analyst gets the chat too (the Agent preset does not include it)
  await t.database.db.execute(sql`insert into permission_associations (org_id, association_type, association_id, permission_id)
    select ${analyst.org_id}, 'agent', ${analyst.id}, id from permissions where name = 'use_ai_chat'`);
  adminToken = await t.signIn('admin@demo.test');
  analystToken = await t.signIn('analyst@demo.test');
});
afterAll(() => t.close());

const create = (token: string, body: unknown = {}) => t.call({ method: 'POST', url: '/api/code-interpreter-session', payload: body as never, token });
const send = (token: string, id: number, message: string) =>
  t.call({ method: 'POST', url: `/api/code-interpreter-session/${id}/message`, payload: { message }, token });

async function insertExport(agentId: number, status: string) {
  return t.one<{ id: number }>(sql`insert into file_exports (org_id, export_type, request_source, status, file_size, created_by_id)
    values (${admin.org_id}, 'ALERTS_CSV', 'CONSOLE', ${status}, ${status === 'READY_FOR_DOWNLOAD' ? 2048 : null}, ${agentId}) returning id`);
}

describe('chat message round trip', () => {
  it('stores the question and a deterministic answer from real counts', async () => {
    const created = await create(adminToken);
    expect(created.statusCode).toBe(201);
    const id = created.json().session_id as number;
    const empty = await t.call({ method: 'GET', url: `/api/code-interpreter-session/${id}`, token: adminToken });
    expect(empty.json()).toMatchObject({ id, message_history: [], is_waiting: false, file_export_details: null });

    const res = await send(adminToken, id, 'How many alerts and cases do we have?');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.is_waiting).toBe(false);
    expect(body.message_history.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    const alerts = await t.one<{ n: number }>(sql`select count(*)::int as n from alerts where org_id = ${admin.org_id}`);
    const cases = await t.one<{ n: number }>(sql`select count(*)::int as n from cases where org_id = ${admin.org_id}`);
    const answer = body.message_history[1].message as string;
    expect(answer).toContain(`Alerts: ${alerts.n.toLocaleString('en-US')} in total`);
    expect(answer).toContain(`Cases: ${cases.n.toLocaleString('en-US')} in total`);

    const help = await send(adminToken, id, 'What is the weather like?');
    expect(help.json().message_history).toHaveLength(4);
    expect(help.json().message_history[3].message).toMatch(/I can answer questions about how many alerts/);

    const list = await t.call({ method: 'GET', url: '/api/code-interpreter-session/list', token: adminToken });
    expect(list.json().sessions[0]).toMatchObject({ id, is_waiting: false });
    expect(list.json().sessions[0]).not.toHaveProperty('message_history');
  });

  it('leaves restricted-queue alerts out of the counts of agents outside the queue', async () => {
    const id = (await create(analystToken)).json().session_id as number;
    const res = await send(analystToken, id, 'how many alerts?');
    const visible = await t.one<{ n: number }>(sql`select count(*)::int as n from alerts a
      where a.org_id = ${analyst.org_id} and (a.queue_id is null
        or not exists (select 1 from queues q where q.id = a.queue_id and q.access_type = 'restricted')
        or exists (select 1 from queue_members m where m.queue_id = a.queue_id and m.agent_id = ${analyst.id}))`);
    expect(res.json().message_history[1].message).toContain(`Alerts: ${visible.n.toLocaleString('en-US')} in total`);
  });

  it('says so when the caller cannot read the subject', async () => {
    const id = (await create(analystToken)).json().session_id as number;
    await t.database.db.execute(sql`delete from permission_associations where association_type = 'agent' and association_id = ${analyst.id}
      and permission_id = (select id from permissions where name = 'read_sars')`);
    const res = await send(analystToken, id, 'How many SARs were filed?');
    expect(res.json().message_history[1].message).toBe('You do not have permission to view SARs.');
  });

  it('answers 409 while the session is waiting and 400 for a blank message', async () => {
    const id = (await create(adminToken)).json().session_id as number;
    await t.database.db.execute(sql`update chat_sessions set is_waiting = true where id = ${id}`);
    expect((await send(adminToken, id, 'alerts?')).statusCode).toBe(409);
    await t.database.db.execute(sql`update chat_sessions set is_waiting = false where id = ${id}`);
    expect((await send(adminToken, id, '   ')).statusCode).toBe(400);
  });

  it("answers 404 for another agent's session", async () => {
    const id = (await create(adminToken)).json().session_id as number;
    expect((await t.call({ method: 'GET', url: `/api/code-interpreter-session/${id}`, token: analystToken })).statusCode).toBe(404);
    expect((await send(analystToken, id, 'alerts?')).statusCode).toBe(404);
    const list = await t.call({ method: 'GET', url: '/api/code-interpreter-session/list', token: analystToken });
    expect(list.json().sessions.map((s: { id: number }) => s.id)).not.toContain(id);
  });
});

describe('chat about a file export', () => {
  it('starts only from a ready export of the caller', async () => {
    const ready = await insertExport(admin.id, 'READY_FOR_DOWNLOAD');
    const generating = await insertExport(admin.id, 'GENERATING');
    const othersReady = await insertExport(analyst.id, 'READY_FOR_DOWNLOAD');
    expect((await create(adminToken, { file_export_id: generating.id })).statusCode).toBe(409);
    expect((await create(adminToken, { file_export_id: othersReady.id })).statusCode).toBe(404);
    expect((await create(adminToken, { file_export_id: 999999 })).statusCode).toBe(404);
    const created = await create(adminToken, { file_export_id: ready.id });
    expect(created.statusCode).toBe(201);
    const session = await t.call({ method: 'GET', url: `/api/code-interpreter-session/${created.json().session_id}`, token: adminToken });
    expect(session.json().file_export_details).toMatchObject({ id: ready.id, export_type: 'ALERTS_CSV', status: 'READY_FOR_DOWNLOAD', file_size: 2048 });
    const answer = await send(adminToken, created.json().session_id, 'What is in this export?');
    expect(answer.json().message_history[1].message).toContain(`file export #${ready.id}`);
  });

  it("lists the caller's own exports newest first", async () => {
    const res = await t.call({ method: 'GET', url: '/api/code-interpreter-session/file-exports', token: adminToken });
    expect(res.statusCode).toBe(200);
    const ids = res.json().file_exports.map((e: { id: number }) => e.id);
    const own = await t.all<{ id: number }>(sql`select id from file_exports where created_by_id = ${admin.id} order by created_at desc, id desc`);
    expect(ids).toEqual(own.map((r) => r.id));
  });
});
