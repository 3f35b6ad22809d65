import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/app.js';

/**
 * The probe's reproductions of "500 on bad input" and of the error shape's gaps, each kept as it
 * was reported; the contract fuzz test (fuzz.test.ts) covers every operation the same way.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const errorShape = (code: string) => ({ error: { code, message: expect.any(String), details: expect.any(Array) } });

describe('500 on bad input', () => {
  it('ids and offsets beyond the database integer range answer 400', async () => {
    for (const url of ['/api/entities/2147483648', '/api/notifications?offset=99999999999999999999']) {
      const res = await t.callAs('analyst@demo.test', 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual(errorShape('bad_request'));
    }
    const res = await t.callAs('analyst@demo.test', 'POST', '/api/alerts/list', { limit: 20, offset: 1e300 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].path).toBe('body/offset');
  });

  it('a NUL byte in a comment, a case title, a search or a file name answers 400 naming the field', async () => {
    const alertId = (await t.one<{ id: number }>(sql`select id from alerts where org_id = 1 order by id limit 1`)).id;
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', '/api/comments', { object_type: 'ALERT', object_id: alertId, content: 'see\u0000here' }, 'body/content'],
      ['POST', '/api/cases', { title: 'Case\u0000title', alert_ids: [alertId] }, 'body/title'],
      ['POST', '/api/entities/search', { phrase: 'Smith\u0000' }, 'body/phrase'],
      [
        'POST',
        '/api/database-connections/pull-based-datafiles',
        { file_name: 'rows\u0000.csv', stream: 'payments', object_type: 'transactions', time_zone: 'America/New_York' },
        'body/file_name',
      ],
    ];
    for (const [method, url, body, path] of cases) {
      const res = await t.callAs('manager@demo.test', method as 'POST', url, body);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(
        res.json().error.details.map((d: { path: string }) => d.path),
        url,
      ).toContain(path);
    }
  });

  it('an unpaired surrogate in text answers 400; a pair (an emoji) is text like any other', async () => {
    const alertId = (await t.one<{ id: number }>(sql`select id from alerts where org_id = 1 order by id limit 1`)).id;
    const lone = await t.callAs('analyst@demo.test', 'POST', '/api/comments', { object_type: 'ALERT', object_id: alertId, content: 'half \uD83D of a pair' });
    expect(lone.statusCode).toBe(400);
    const pair = await t.callAs('analyst@demo.test', 'POST', '/api/comments', {
      object_type: 'ALERT',
      object_id: alertId,
      content: 'a whole pair \uD83D\uDE00',
    });
    expect(pair.statusCode, pair.body).toBe(201);
  });
});

describe('the error shape for every refusal', () => {
  it('a text/plain body to a JSON call answers 415 without the stream internals', async () => {
    const res = await t.call({ method: 'POST', url: '/api/agents/magic-link', payload: 'email=analyst@demo.test', headers: { 'content-type': 'text/plain' } });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual(errorShape('unsupported_media_type'));
    expect(res.body).not.toMatch(/_events|_readableState|body\//);
  });

  it('a JSON body over the limit answers 413 payload_too_large', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/agents/magic-link',
      payload: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual(errorShape('payload_too_large'));
  });

  it('an over-long path value answers 414 uri_too_long in the error shape, not Fastify’s own', async () => {
    const res = await t.callAs('analyst@demo.test', 'GET', `/api/entities/${'9'.repeat(500)}`);
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual(errorShape('uri_too_long'));
  });

  it('a number sent as text in a JSON body is refused rather than converted', async () => {
    const res = await t.callAs('analyst@demo.test', 'POST', '/api/alerts/list', { limit: '20' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].path).toBe('body/limit');
  });
});
