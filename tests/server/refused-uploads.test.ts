import { request as httpRequest, Agent, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/app.js';

// A small flat-file cap (FLAT_FILE_MAX_BYTES), so a refused "too large" file is a few hundred KiB rather than 1 GiB.
const FLAT_FILE_MAX_BYTES = 256 * 1024;

/**
 * A refused upload (413, 415, 403) must leave the keep-alive connection usable: the server either
 * reads and drops the rest of the body or answers Connection: close and closes the socket. These
 * requests go through a real listening server and one keep-alive socket; inject() has no sockets.
 */

let t: TestContext;
let base: string;
/** one keep-alive socket per test, so a hung connection fails only its own test */
let agent: Agent;
let manager: string;
let analyst: string;
let restricted: string;
let entityId: number;

beforeAll(async () => {
  t = await createTestContext({ dataDir: mkdtempSync(join(tmpdir(), 'vigil-refused-')), flatFileMaxBytes: FLAT_FILE_MAX_BYTES });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  [manager, analyst, restricted] = await Promise.all([t.signIn('manager@demo.test'), t.signIn('analyst@demo.test'), t.signIn('restricted@demo.test')]);
  entityId = (await t.one<{ id: number }>(sql`select id from entities where org_id = 1 order by id limit 1`)).id;
});
beforeEach(() => {
  agent = new Agent({ keepAlive: true, maxSockets: 1 });
});
afterEach(() => agent.destroy());
afterAll(() => t?.close());

interface Answer {
  /** whether the request went out on a socket an earlier request had used */
  reused: boolean;
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * One request on the shared keep-alive agent. The answer counts once it has arrived, even if the
 * server then closes the socket while the client is still writing a refused body.
 */
function send(method: string, path: string, options: { token?: string; type?: string; body?: Buffer; chunked?: boolean } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${method} ${path}: no answer within 5 s`)), 5000);
    let answered = false;
    const req = httpRequest(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(options.type ? { 'content-type': options.type } : {}),
          ...(options.body ? (options.chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(options.body.length) }) : {}),
        },
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', () => {});
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ reused: req.reusedSocket, status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') });
        });
      },
    );
    req.on('error', (err) => {
      // a server that closes after answering may break the rest of our write: the answer stands
      if (answered) return;
      clearTimeout(timer);
      reject(err);
    });
    req.end(options.body);
  });
}

/**
 * The cheap call after a refusal is answered: on the same socket when the refusal kept the
 * connection (its body was drained), on a new one when it announced Connection: close.
 */
async function nextRequestIsAnswered(refused: Answer) {
  const next = await send('GET', '/api/app-version');
  expect(next.status).toBe(200);
  expect(next.reused).toBe(refused.headers.connection !== 'close');
}

const FLAT = '/api/database-connections/pull-based-datafiles';

async function pendingFile(stream: string): Promise<number> {
  const created = await t.call({ method: 'POST', url: FLAT, token: manager, payload: { file_name: `${stream}.csv`, stream, object_type: 'entities' } });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as number;
}

const attach = (name: string) => `/api/attachments?object_type=ENTITY&object_id=${entityId}&name=${name}`;

const SMALL = 64 * 1024;
const LARGE = 3 * 2 ** 20;

describe('a refused upload does not hang the connection', () => {
  describe('attachments (POST /api/attachments)', () => {
    for (const chunked of [false, true]) {
      it(`413: a body over 10 MiB, ${chunked ? 'of unknown length, read up to the cap' : 'announced, refused unread'}`, async () => {
        const refused = await send('POST', attach('big.txt'), { token: analyst, type: 'text/plain', body: Buffer.alloc(10 * 2 ** 20 + 1, 0x41), chunked });
        expect(refused.status).toBe(413);
        expect(refused.headers.connection).toBe('close');
        await nextRequestIsAnswered(refused);
      });
    }

    for (const size of [SMALL, LARGE]) {
      it(`415: a media type no upload takes (${size} bytes)`, async () => {
        const refused = await send('POST', attach('a.zip'), { token: analyst, type: 'application/zip', body: Buffer.alloc(size, 0x41) });
        expect(refused.status).toBe(415);
        await nextRequestIsAnswered(refused);
      });

      it(`403: an agent without the permission (${size} bytes)`, async () => {
        const refused = await send('POST', attach('a.txt'), { token: restricted, type: 'text/plain', body: Buffer.alloc(size, 0x41) });
        expect(refused.status).toBe(403);
        await nextRequestIsAnswered(refused);
      });

      it(`404: refused by the handler before the bytes are read (${size} bytes)`, async () => {
        const refused = await send('POST', '/api/attachments?object_type=ENTITY&object_id=99999999&name=a.txt', {
          token: analyst,
          type: 'text/plain',
          body: Buffer.alloc(size, 0x41),
        });
        expect(refused.status).toBe(404);
        await nextRequestIsAnswered(refused);
      });
    }
  });

  describe('flat files (PUT .../pull-based-datafiles/{fileId}/content)', () => {
    for (const chunked of [false, true]) {
      it(`413: a body over the cap, ${chunked ? 'of unknown length, read up to the cap' : 'announced, refused unread'}`, async () => {
        const id = await pendingFile(`refused_big_${chunked}`);
        const refused = await send('PUT', `${FLAT}/${id}/content`, { token: manager, type: 'text/csv', body: Buffer.alloc(LARGE, 0x41), chunked });
        expect(refused.status).toBe(413);
        expect(refused.headers.connection).toBe('close');
        await nextRequestIsAnswered(refused);
      });
    }

    it('400: a binary file, refused after its first bytes', async () => {
      const id = await pendingFile('refused_binary');
      const refused = await send('PUT', `${FLAT}/${id}/content`, {
        token: manager,
        type: 'application/octet-stream',
        body: Buffer.concat([Buffer.from([0x1f, 0x8b, 0x08, 0]), Buffer.alloc(SMALL)]),
      });
      expect(refused.status).toBe(400);
      await nextRequestIsAnswered(refused);
    });

    for (const size of [SMALL, LARGE]) {
      it(`415: a media type no upload takes (${size} bytes)`, async () => {
        const id = await pendingFile(`refused_type_${size}`);
        const refused = await send('PUT', `${FLAT}/${id}/content`, { token: manager, type: 'application/zip', body: Buffer.alloc(size, 0x41) });
        expect(refused.status).toBe(415);
        await nextRequestIsAnswered(refused);
      });

      it(`403: an agent without the permission (${size} bytes)`, async () => {
        const id = await pendingFile(`refused_perm_${size}`);
        const refused = await send('PUT', `${FLAT}/${id}/content`, { token: analyst, type: 'text/csv', body: Buffer.alloc(size, 0x41) });
        expect(refused.status).toBe(403);
        await nextRequestIsAnswered(refused);
      });

      it(`409: a file already uploaded (${size} bytes)`, async () => {
        const id = await pendingFile(`refused_twice_${size}`);
        const first = await send('PUT', `${FLAT}/${id}/content`, { token: manager, type: 'text/csv', body: Buffer.from('external_id,name\nx1,One\n') });
        expect(first.status).toBe(202);
        const refused = await send('PUT', `${FLAT}/${id}/content`, { token: manager, type: 'text/csv', body: Buffer.alloc(size, 0x41) });
        expect(refused.status).toBe(409);
        await nextRequestIsAnswered(refused);
      });
    }
  });

  it('a small refused body is drained and the connection kept; a large one closes it', async () => {
    const small = await send('POST', attach('a.txt'), { token: restricted, type: 'text/plain', body: Buffer.alloc(SMALL, 0x41) });
    expect(small.headers.connection).not.toBe('close');
    const large = await send('POST', attach('a.txt'), { token: restricted, type: 'text/plain', body: Buffer.alloc(LARGE, 0x41) });
    expect(large.headers.connection).toBe('close');
  });
});
