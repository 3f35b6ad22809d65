import { appendFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../server/contract/load.js';
import { createTestContext, type TestContext } from './helpers/app.js';
import { mutationsFor, NOT_UTF8, type Mutation } from './helpers/mutations.js';
import { startTestIdentityProvider } from './helpers/oidc.js';
import { fillPath, fixtureFor } from './helpers/requests.js';

/**
 * The contract-driven fuzz test: for every operation, a fixed list of schema-violating variants of
 * its valid request (wrong types, missing fields, out-of-range numbers, NUL bytes, unpaired
 * surrogates, 1 MB strings, unknown enum values, malformed JSON, wrong content types, a body over
 * the limit, an over-long path) is sent by an agent allowed to make the call. No answer may be a
 * 5xx, and every refusal is in the one error shape with its own code.
 */
const contract = loadContract();
let t: TestContext;
let closeProvider: () => Promise<void>;
beforeAll(async () => {
  const { idp, oidc } = await startTestIdentityProvider();
  closeProvider = () => idp.close();
  t = await createTestContext({ oidc, magicLinkLimitPerAddress: 100_000 });
});
afterAll(async () => {
  await t.close();
  await closeProvider();
});

const CODE_OF_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

function expectErrorShape(status: number, raw: string, where: string) {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new Error(`${where}: answered ${status} with a body that is not JSON: ${raw.slice(0, 200)}`);
  }
  expect(body, where).toEqual({ error: { code: expect.any(String), message: expect.any(String), details: expect.any(Array) } });
  const { code, message } = (body as { error: { code: string; message: string } }).error;
  if (CODE_OF_STATUS[status]) expect(code, where).toBe(CODE_OF_STATUS[status]);
  // no internals: SQL, stack frames, driver names, stream objects
  expect(message, where).not.toMatch(
    /\b(select|insert into|update \w+ set|delete from)\b|Failed query|at .+\.(ts|js):\d+|_events|_readableState|PGlite|postgres/i,
  );
}

describe('contract fuzz: no bad input gets a 5xx or an answer outside the error shape', () => {
  for (const op of contract.operations) {
    it(`${op.operationId} (${op.method.toUpperCase()} ${op.path})`, async () => {
      const fixture = await fixtureFor(t, op);
      const token = fixture.token ?? (fixture.as ? await t.signIn(fixture.as) : null);
      const mutations = mutationsFor(op, fixture);
      const failures: string[] = [];
      for (const m of mutations) {
        const res = await sendMutation(op.method, op.path, m, token, fixture.headers, fixture.cookies);
        const where = `${op.operationId}: ${m.name} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
        try {
          expect(res.statusCode, where).toBeLessThan(500);
          if (m.expect === 'invalid') expect(res.statusCode, where).toBe(400);
          else if (typeof m.expect === 'number') expect(res.statusCode, where).toBe(m.expect);
          if (res.statusCode >= 400) expectErrorShape(res.statusCode, res.body, where);
        } catch (error) {
          failures.push((error as Error).message.split('\n')[0] + ` [${where}]`);
        }
      }
      if (failures.length && process.env.FUZZ_LOG) appendFileSync(process.env.FUZZ_LOG, failures.join('\n') + '\n');
      expect(failures.join('\n')).toBe('');
    });
  }
});

function sendMutation(
  method: string,
  path: string,
  m: Mutation,
  token: string | null,
  headers: Record<string, string> | undefined,
  cookies: Record<string, string> | undefined,
) {
  const query = m.query && Object.keys(m.query).length ? `?${new URLSearchParams(m.query)}` : '';
  const url = (fillPath(path, m.path) + query).replaceAll(encodeURIComponent(NOT_UTF8), '%ED%A0%80');
  const base = { method: method.toUpperCase() as 'GET', url, token, cookies };
  if (m.raw) return t.call({ ...base, payload: m.raw.payload, headers: { ...headers, 'content-type': m.raw.contentType } });
  if (m.body !== undefined) return t.call({ ...base, payload: JSON.stringify(m.body), headers: { ...headers, 'content-type': 'application/json' } });
  return t.call({ ...base, headers });
}
