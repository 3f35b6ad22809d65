import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../server/contract/load.js';
import { createTestContext, type TestContext } from './helpers/app.js';
import { startTestIdentityProvider } from './helpers/oidc.js';
import { fixtureFor, send, successStatus } from './helpers/requests.js';
import { contractErrors } from './helpers/validate.js';

const contract = loadContract();
let t: TestContext;
let closeProvider: () => Promise<void>;
beforeAll(async () => {
  // With an identity provider configured, so its operations answer rather than 404.
  const { idp, oidc } = await startTestIdentityProvider();
  closeProvider = () => idp.close();
  t = await createTestContext({ oidc });
});
afterAll(async () => {
  await t.close();
  await closeProvider();
});

/**
 * For every operation of the contract: a valid request by a permitted demo agent gets the expected
 * status, and the answer matches the contract's schema for that status.
 */
describe('every operation answers as the contract says', () => {
  for (const op of contract.operations) {
    it(`${op.operationId} (${op.method.toUpperCase()} ${op.path})`, async () => {
      const fixture = await fixtureFor(t, op);
      const token = fixture.token ?? (fixture.as ? await t.signIn(fixture.as) : null);
      const res = await send(t, op, fixture, token);
      const expected = fixture.status ?? successStatus(op);
      expect(res.statusCode, res.body.slice(0, 500)).toBe(expected);
      const body = res.body && res.headers['content-type']?.toString().includes('json') ? res.json() : res.body || undefined;
      expect(contractErrors(op, res.statusCode, body)).toEqual([]);
    });
  }
});

describe('errors have the contract shape', () => {
  it('an unknown /api path answers 404 in the error shape', async () => {
    const res = await t.call({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: expect.any(String), details: [] } });
  });

  it('an unknown field in a body answers 400 naming it', async () => {
    const res = await t.call({ method: 'POST', url: '/api/agents/magic-link', payload: { email: 'analyst@demo.test', admin: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
    expect(res.json().error.details[0].path).toContain('admin');
  });

  it('malformed JSON answers 400 in the error shape', async () => {
    const res = await t.call({ method: 'POST', url: '/api/agents/magic-link', payload: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
  });

  it('every answer carries a request id, echoing a valid incoming one', async () => {
    const res = await t.call({ method: 'GET', url: '/api/app-version', headers: { 'x-request-id': 'test-request-0001' } });
    expect(res.headers['x-request-id']).toBe('test-request-0001');
    const generated = await t.call({ method: 'GET', url: '/api/app-version' });
    expect(String(generated.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
  });
});
