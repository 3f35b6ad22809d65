import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../server/auth/tokens.js';
import { loadContract, type ContractOperation } from '../../server/contract/load.js';
import { createTestContext, type TestContext } from './helpers/app.js';
import { fixtures } from './fixtures/index.js';
import { fixtureFor, send } from './helpers/requests.js';

/**
 * The authorization matrix, read from the contract: a new operation is covered the moment it is
 * added. Requests come from the same fixtures as the contract suite.
 */
const contract = loadContract();
const guarded = contract.operations.filter((op) => op.permissions !== 'public');
const requiresSomething = (op: ContractOperation) =>
  op.permissions !== 'public' && (('allOf' in op.permissions && op.permissions.allOf.length > 0) || 'anyOf' in op.permissions || op.agentFlags.length > 0);

let t: TestContext;
let bareToken: string;
const BARE = 'no-permissions@demo.test';

beforeAll(async () => {
  t = await createTestContext();
  // An active Demo Bank agent with no permissions, no teams and no flags.
  await t.database.db.execute(sql`insert into agents (org_id, email, full_name) values (1, ${BARE}, 'Noah Nopermission')`);
  bareToken = await t.signIn(BARE);
});
afterAll(() => t.close());

describe('without a valid token every guarded operation answers 401', () => {
  for (const op of guarded) {
    it(`${op.operationId}: no token`, async () => {
      const res = await send(t, op, await fixtureFor(t, op), null);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
    });
    it(`${op.operationId}: expired token`, async () => {
      const claims = JSON.parse(Buffer.from(bareToken.split('.')[1], 'base64url').toString());
      const expired = await signAccessToken(t.config.jwtSecret, { ...claims, sub: claims.sub }, 60, Date.now() - 2 * 3600_000);
      const res = await send(t, op, await fixtureFor(t, op), expired.jwt);
      expect(res.statusCode).toBe(401);
    });
  }
});

describe('an agent lacking the permission gets 403', () => {
  for (const op of guarded.filter(requiresSomething)) {
    it(`${op.operationId}: agent without permissions`, async () => {
      const res = await send(t, op, await fixtureFor(t, op), bareToken);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    });
  }
});

describe('feature flags are enforced', () => {
  for (const op of guarded.filter((o) => o.featureFlags.length > 0)) {
    it(`${op.operationId}: flag off`, async () => {
      const fixture = await fixtureFor(t, op);
      const token = await t.signIn(fixture.as);
      await t.database.db.execute(
        sql`update feature_flags set enabled = false where org_id = 1 and name in ${sql.raw(`(${op.featureFlags.map((f) => `'${f}'`).join(',')})`)}`,
      );
      try {
        const res = await send(t, op, fixture, token);
        expect(res.statusCode).toBe(403);
      } finally {
        await t.database.db.execute(
          sql`update feature_flags set enabled = true where org_id = 1 and name in ${sql.raw(`(${op.featureFlags.map((f) => `'${f}'`).join(',')})`)}`,
        );
      }
    });
  }
});

describe("another organisation's objects answer 404", () => {
  const byIdOps = contract.operations.filter((op) => op.permissions !== 'public' && fixtures[op.operationId]?.crossOrg);
  it('every operation with an object id in its path is in the matrix', () => {
    const withIds = contract.operations.filter((op) => /\{(id|externalId|fileId)\}/.test(op.path)).map((op) => op.operationId);
    expect(withIds.filter((id) => !fixtures[id]?.crossOrg)).toEqual([]);
  });
  for (const op of byIdOps) {
    it(`${op.operationId}: Northwind admin asks for Demo Bank objects`, async () => {
      const fixture = await fixtureFor(t, op);
      // admin@northwind.test holds root_all in Northwind but is not internal staff
      const res = await send(t, op, fixture, await t.signIn('admin@northwind.test'));
      const expected = op.agentFlags.includes('internal_staff') || op.agentFlags.includes('ai_admin') ? 403 : 404;
      expect(res.statusCode, res.body.slice(0, 300)).toBe(expected);
      expect(JSON.stringify(res.json())).not.toMatch(/Demo Bank/);
    });
  }
});
