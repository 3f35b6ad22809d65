import { sql } from 'drizzle-orm';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/app.js';

// Stored documents: the seed's generated check images and ID cards are real PNG files, served with
// their type by GET /api/attachments/{id}/content under the same rules as the metadata.

let t: TestContext;
let analyst: string;

/** Width, height and the decoded pixel rows of an 8-bit RGB PNG (what the seed writes). */
function readPng(bytes: Buffer) {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const idat: Buffer[] = [];
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    if (bytes.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(bytes.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return { width, height, raw: inflateSync(Buffer.concat(idat)) };
}

beforeAll(async () => {
  t = await createTestContext();
  analyst = await t.signIn('analyst@demo.test');
});
afterAll(() => t.close());

describe('seeded documents', () => {
  it('check deposits carry a front and a back check image, PNG files whose embed_url serves them', async () => {
    const checks = await t.all<{ id: number; name: string; embed_url: string; object_id: number }>(
      sql`select d.id, d.name, d.embed_url, d.object_id from documents d join transactions x on x.org_id = d.org_id and x.id = d.object_id
        where d.org_id = 1 and d.object_type = 'TRANSACTION' and d.media_type = 'CHECK_IMAGE' and x.internal_txn_type = 'CHECK_DEPOSIT' order by d.id`,
    );
    expect(checks.length).toBeGreaterThanOrEqual(20);
    expect(checks.filter((c) => c.name.endsWith('-front.png')).length).toBe(checks.filter((c) => c.name.endsWith('-back.png')).length);
    const first = checks[0];
    expect(first.embed_url).toBe(`/api/attachments/${first.id}/content`);
    const res = await t.call({ method: 'GET', url: first.embed_url, token: analyst });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toContain(`inline; filename="${first.name}"`);
    const png = readPng(res.rawPayload);
    expect([png.width, png.height]).toEqual([960, 420]);
    expect(png.raw.length).toBe((png.width * 3 + 1) * png.height);
  });

  it('some customers have a series of near-duplicate checks, one repeating an earlier check number', async () => {
    const series = await t.all<{ entity: number; names: string[] }>(
      sql`select x.receiver_entity_id as entity, array_agg(d.name order by d.id) as names from documents d
        join transactions x on x.org_id = d.org_id and x.id = d.object_id
        where d.org_id = 1 and d.media_type = 'CHECK_IMAGE' and d.name like '%front.png' group by 1 having count(*) >= 2`,
    );
    expect(series.length).toBeGreaterThanOrEqual(2);
    const altered = series.flatMap((s) => s.names).find((n) => n.includes('-altered-'));
    expect(altered).toBeDefined();
    const number = altered!.match(/check-(\d+)-/)![1];
    expect(series.some((s) => s.names.includes(`check-${number}-front.png`) && s.names.includes(altered!))).toBe(true);
  });

  it('the same seed draws the same pixels (the near-duplicates differ from each other)', async () => {
    const rows = await t.all<{ sha256: string }>(
      sql`select c.sha256 from document_contents c join documents d on d.id = c.document_id where d.org_id = 1 and d.media_type = 'CHECK_IMAGE'`,
    );
    expect(new Set(rows.map((r) => r.sha256)).size).toBe(rows.length);
  });

  it('entities have ID cards and PDFs without a preview can still be downloaded', async () => {
    const id = await t.one<{ id: number }>(
      sql`select id from documents where org_id = 1 and object_type = 'ENTITY' and name = 'government-id-front.png' order by id limit 1`,
    );
    const card = await t.call({ method: 'GET', url: `/api/attachments/${id.id}/content`, token: analyst });
    expect(readPng(card.rawPayload).width).toBe(640);
    const pdf = await t.one<{ id: number; embed_url: string | null }>(
      sql`select id, embed_url from documents where org_id = 1 and mime_type = 'application/pdf' and embed_url is null and deleted_at is null order by id limit 1`,
    );
    const res = await t.call({ method: 'GET', url: `/api/attachments/${pdf.id}/content?download=true`, token: analyst });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('serving the bytes', () => {
  it('answers 304 to the ETag it gave', async () => {
    const doc = await t.one<{ id: number }>(sql`select document_id as id from document_contents where org_id = 1 order by document_id limit 1`);
    const first = await t.call({ method: 'GET', url: `/api/attachments/${doc.id}/content`, token: analyst });
    const again = await t.call({
      method: 'GET',
      url: `/api/attachments/${doc.id}/content`,
      token: analyst,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("another organisation's document, a deleted one and an unknown id answer 404", async () => {
    const other = await t.one<{ id: number }>(sql`select document_id as id from document_contents where org_id = 2 order by document_id limit 1`);
    expect((await t.call({ method: 'GET', url: `/api/attachments/${other.id}/content`, token: analyst })).statusCode).toBe(404);
    const deleted = await t.one<{ id: number }>(
      sql`select d.id from documents d join document_contents c on c.document_id = d.id where d.org_id = 1 and d.deleted_at is not null limit 1`,
    );
    expect((await t.call({ method: 'GET', url: `/api/attachments/${deleted.id}/content`, token: analyst })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: '/api/attachments/99999999/content', token: analyst })).statusCode).toBe(404);
  });

  it('once deleted, a document is gone from its content URL and from its owner', async () => {
    const manager = await t.signIn('manager@demo.test');
    const doc = await t.one<{ id: number; object_id: number }>(
      sql`select d.id, d.object_id from documents d where d.org_id = 1 and d.object_type = 'TRANSACTION' and d.deleted_at is null order by d.id desc limit 1`,
    );
    expect((await t.call({ method: 'DELETE', url: `/api/attachments/${doc.id}`, token: manager })).json()).toEqual({ id: doc.id });
    expect((await t.call({ method: 'GET', url: `/api/attachments/${doc.id}/content`, token: analyst })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/attachments/${doc.id}`, token: analyst })).statusCode).toBe(404);
    const txn = (await t.call({ method: 'POST', url: '/api/txn-events/get', payload: { txn_event_id: doc.object_id }, token: analyst })).json();
    expect(txn.documents.map((d: { id: number }) => d.id)).not.toContain(doc.id);
  });
});

describe('attaching a document (POST /api/attachments)', () => {
  const upload = (token: string, query: Record<string, string | number>, body: Buffer | string, type: string) =>
    t.call({
      method: 'POST',
      url: `/api/attachments?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
      payload: body,
      headers: { 'content-type': type },
      token,
    });

  it('stores the bytes with their type: the transaction lists the document, its content URL serves them, the upload is audited', async () => {
    const txn = await t.one<{ id: number }>(sql`select id from transactions where org_id = 1 order by id desc limit 1`);
    // a PNG of the seed's, sent again under another name (path parts dropped)
    const seeded = await t.one<{ id: number }>(
      sql`select d.id from documents d where d.org_id = 1 and d.mime_type = 'image/png' and d.deleted_at is null order by d.id limit 1`,
    );
    const png = (await t.call({ method: 'GET', url: `/api/attachments/${seeded.id}/content`, token: analyst })).rawPayload;
    const res = await upload(analyst, { object_type: 'TRANSACTION', object_id: txn.id, name: 'C:\\scans\\receipt.png' }, png, 'image/png');
    expect(res.statusCode).toBe(201);
    const doc = res.json();
    expect(doc).toMatchObject({ name: 'receipt.png', media_type: 'IMAGE', mime_type: 'image/png', embed_url: `/api/attachments/${doc.id}/content` });
    const served = await t.call({ method: 'GET', url: doc.embed_url, token: analyst });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    expect(readPng(served.rawPayload).width).toBeGreaterThan(0);
    const detail = (await t.call({ method: 'POST', url: '/api/txn-events/get', payload: { txn_event_id: txn.id }, token: analyst })).json();
    expect(detail.documents.map((d: { id: number }) => d.id)).toContain(doc.id);
    const entry = await t.one<{ details: Record<string, unknown> }>(
      sql`select details from audit_log where action = 'attachment.upload' and object_id = ${String(doc.id)}`,
    );
    expect(entry.details).toMatchObject({ object_type: 'TRANSACTION', object_id: txn.id, name: 'receipt.png', bytes: png.length });
  });

  it('a PDF on an entity is a PDF document and the entity lists it', async () => {
    const entity = await t.one<{ id: number }>(sql`select id from entities where org_id = 1 order by id limit 1`);
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const res = await upload(analyst, { object_type: 'ENTITY', object_id: entity.id, name: 'statement.pdf' }, pdf, 'application/pdf');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ media_type: 'PDF', mime_type: 'application/pdf' });
    const listed = (await t.call({ method: 'GET', url: `/api/entities/${entity.id}/documents`, token: analyst })).json();
    expect(listed.documents.map((d: { id: number }) => d.id)).toContain(res.json().id);
  });

  it('refuses an empty file, another type, a blank name, more than 10 MiB, an unknown object and an agent without the edit permission', async () => {
    const entity = await t.one<{ id: number }>(sql`select id from entities where org_id = 1 order by id limit 1`);
    const northEntity = await t.one<{ id: number }>(sql`select id from entities where org_id <> 1 order by id limit 1`);
    const q = { object_type: 'ENTITY', object_id: entity.id, name: 'a.txt' };
    const before = await t.one<{ n: number }>(sql`select count(*)::int as n from documents`);

    const empty = await upload(analyst, q, '', 'text/plain');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('The file is empty.');
    const zipped = await upload(analyst, q, Buffer.from('PK\x03\x04'), 'application/octet-stream');
    expect(zipped.statusCode).toBe(400);
    expect(zipped.json().error.message).toBe('Attach a PNG, JPEG, WebP or GIF image, a PDF, a CSV or text file, or an Excel workbook.');
    const blank = await upload(analyst, { ...q, name: 'folder/ ' }, 'x', 'text/plain');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('A file name is required.');
    const big = await upload(analyst, q, Buffer.alloc(10 * 2 ** 20 + 1, 0x41), 'text/plain');
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe('The file is larger than 10 MiB.');
    expect((await upload(analyst, { ...q, object_id: northEntity.id }, 'x', 'text/plain')).statusCode).toBe(404);
    expect((await upload(analyst, { ...q, object_id: 99_999_999 }, 'x', 'text/plain')).statusCode).toBe(404);
    const restricted = await t.signIn('restricted@demo.test');
    expect((await upload(restricted, q, 'x', 'text/plain')).statusCode).toBe(403);

    expect((await t.one<{ n: number }>(sql`select count(*)::int as n from documents`)).n).toBe(before.n);
  });
});

describe("a case's documents", () => {
  const openCaseWith = (where: string) =>
    t.one<{ id: number }>(sql`select c.id from cases c left join queues q on q.id = c.queue_id
      where c.org_id = 1 and q.access_type is distinct from 'restricted' and ${sql.raw(where)} order by c.id limit 1`);

  it('lists the live documents of a case newest first, and takes new ones while it is open', async () => {
    const manager = await t.signIn('manager@demo.test');
    const kase = await openCaseWith(
      `c.status <> 'CLOSED' and exists (select 1 from documents d where d.org_id = 1 and d.object_type = 'CASE' and d.object_id = c.id and d.deleted_at is null)`,
    );
    const before = (await t.call({ method: 'GET', url: `/api/cases/${kase.id}/documents`, token: analyst })).json().documents as { id: number; name: string }[];
    expect(before.map((d) => d.name)).toContain('investigation-summary.pdf');
    const stored = await t.all<{ id: number }>(
      sql`select id from documents where org_id = 1 and object_type = 'CASE' and object_id = ${kase.id} and deleted_at is null`,
    );
    expect(before.map((d) => d.id).sort()).toEqual(stored.map((d) => d.id).sort());

    const res = await t.call({
      method: 'POST',
      url: `/api/attachments?object_type=CASE&object_id=${kase.id}&name=bank-statement.pdf`,
      payload: Buffer.from('%PDF-1.4\n%%EOF\n'),
      headers: { 'content-type': 'application/pdf' },
      token: manager,
    });
    expect(res.statusCode).toBe(201);
    const after = (await t.call({ method: 'GET', url: `/api/cases/${kase.id}/documents`, token: analyst })).json().documents as { id: number; name: string }[];
    expect(after[0]).toMatchObject({ id: res.json().id, name: 'bank-statement.pdf', media_type: 'PDF' });
  });

  it('refuses a document for a closed case (409) and hides a restricted queue’s case (404)', async () => {
    const manager = await t.signIn('manager@demo.test');
    const closed = await openCaseWith(`c.status = 'CLOSED'`);
    const refused = await t.call({
      method: 'POST',
      url: `/api/attachments?object_type=CASE&object_id=${closed.id}&name=late.txt`,
      payload: 'late',
      headers: { 'content-type': 'text/plain' },
      token: manager,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('A closed case takes no new documents.');
    const hidden = await t.one<{ id: number }>(
      sql`select c.id from cases c join queues q on q.id = c.queue_id where c.org_id = 1 and q.access_type = 'restricted' order by c.id limit 1`,
    );
    expect((await t.call({ method: 'GET', url: `/api/cases/${hidden.id}/documents`, token: analyst })).statusCode).toBe(404);
    const attempt = await t.call({
      method: 'POST',
      url: `/api/attachments?object_type=CASE&object_id=${hidden.id}&name=x.txt`,
      payload: 'x',
      headers: { 'content-type': 'text/plain' },
      token: analyst,
    });
    expect(attempt.statusCode).toBe(404);
  });
});

describe("an alert's documents", () => {
  it('lists the live documents of an alert newest first, takes new ones while it is open, and refuses them once closed', async () => {
    const manager = await t.signIn('manager@demo.test');
    const open = await t.one<{ id: number }>(sql`select a.id from alerts a left join queues q on q.id = a.queue_id
      where a.org_id = 1 and q.access_type is distinct from 'restricted' and a.status <> 'CLOSED'
        and exists (select 1 from documents d where d.org_id = 1 and d.object_type = 'ALERT' and d.object_id = a.id and d.deleted_at is null) order by a.id limit 1`);
    const before = (await t.call({ method: 'GET', url: `/api/alerts/${open.id}/documents`, token: analyst })).json().documents as { name: string }[];
    expect(before.map((d) => d.name)).toContain('cardshield-dispute-report.pdf');
    const res = await t.call({
      method: 'POST',
      url: `/api/attachments?object_type=ALERT&object_id=${open.id}&name=chargeback-letter.pdf`,
      payload: Buffer.from('%PDF-1.4\n%%EOF\n'),
      headers: { 'content-type': 'application/pdf' },
      token: manager,
    });
    expect(res.statusCode).toBe(201);
    const after = (await t.call({ method: 'GET', url: `/api/alerts/${open.id}/documents`, token: analyst })).json().documents as { id: number }[];
    expect(after[0].id).toBe(res.json().id);

    const closed = await t.one<{ id: number }>(sql`select a.id from alerts a left join queues q on q.id = a.queue_id
      where a.org_id = 1 and q.access_type is distinct from 'restricted' and a.status = 'CLOSED' order by a.id limit 1`);
    const refused = await t.call({
      method: 'POST',
      url: `/api/attachments?object_type=ALERT&object_id=${closed.id}&name=late.txt`,
      payload: 'late',
      headers: { 'content-type': 'text/plain' },
      token: manager,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('A closed alert takes no new documents.');
    const hidden = await t.one<{ id: number }>(
      sql`select a.id from alerts a join queues q on q.id = a.queue_id where a.org_id = 1 and q.access_type = 'restricted' order by a.id limit 1`,
    );
    expect((await t.call({ method: 'GET', url: `/api/alerts/${hidden.id}/documents`, token: analyst })).statusCode).toBe(404);
  });
});
