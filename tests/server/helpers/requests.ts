import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { ContractOperation } from '../../../server/contract/load.js';
import { fixtures } from '../fixtures/index.js';
import type { RequestFixture } from '../fixtures/types.js';
import type { TestContext } from './app.js';

export function fillPath(path: string, params: Record<string, string | number> = {}) {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`fixture lacks path parameter ${name} for ${path}`);
    return encodeURIComponent(String(params[name]));
  });
}

export async function fixtureFor(t: TestContext, op: ContractOperation): Promise<RequestFixture & { cookies?: Record<string, string> }> {
  const make = fixtures[op.operationId];
  if (!make) throw new Error(`no request fixture for ${op.operationId}: add one in tests/server/fixtures`);
  return make({
    t,
    async value<T>(query: ReturnType<typeof sql>) {
      const rows = await t.all<Record<string, unknown>>(query);
      if (!rows.length) throw new Error(`fixture query for ${op.operationId} found no row`);
      return Object.values(rows[0])[0] as T;
    },
  });
}

/** Sends a fixture's request with the given bearer token (or none). */
export function send(
  t: TestContext,
  op: ContractOperation,
  fixture: RequestFixture & { cookies?: Record<string, string> },
  token: string | null,
): Promise<LightMyRequestResponse> {
  const query = fixture.query ? `?${new URLSearchParams(Object.entries(fixture.query).map(([k, v]) => [k, String(v)]))}` : '';
  return t.call({
    method: op.method.toUpperCase(),
    url: fillPath(op.path, fixture.params) + query,
    payload: fixture.body as never,
    headers: fixture.headers,
    cookies: fixture.cookies,
    token,
  });
}

export { successStatus } from '../../../server/contract/load.js';
