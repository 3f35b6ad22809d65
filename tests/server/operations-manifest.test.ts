import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../server/contract/load.js';

// docs/operations.tsv is the manifest of every call (docs/contract-conventions.md): one row per
// operation with its method, path and permissions, as the contract has them.

const rows = readFileSync(new URL('../../docs/operations.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => {
    const [area, key, method, path, operationId, permissions] = l.split('\t');
    return { area, key, method, path, operationId, permissions };
  });

const permissionsOf = (p: ReturnType<typeof loadContract>['operations'][number]['permissions']) =>
  p === 'public' ? 'public' : 'allOf' in p ? `allOf:${p.allOf.join(',')}` : `anyOf:${p.anyOf.join(',')}`;

describe('docs/operations.tsv', () => {
  const contract = loadContract();

  it('lists every operation of the contract once, and nothing else', () => {
    expect(rows.map((r) => r.operationId).sort()).toEqual(contract.operations.map((o) => o.operationId).sort());
  });

  it("gives each operation the contract's method, path and permissions", () => {
    const wrong = rows.flatMap((r) => {
      const op = contract.byId.get(r.operationId);
      if (!op) return [];
      const theirs = `${op.method} ${op.path} ${permissionsOf(op.permissions)}`;
      const ours = `${r.method} ${r.path} ${r.permissions}`;
      return theirs === ours ? [] : [`${r.operationId}: manifest "${ours}", contract "${theirs}"`];
    });
    expect(wrong).toEqual([]);
  });
});
