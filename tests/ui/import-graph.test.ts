// The shell (src/app) loads the areas (src/areas) and the areas use the shell's services; if both
// directions meet in one circle, a change anywhere in it reloads and re-evaluates all of it, and a
// module can run before the one it reads from has finished (issue 7: routes.tsx and the areas).
import { describe, expect, it } from 'vitest';
import { circlePath, importCircles, readImportGraph, runtimeSpecifiers, type ImportGraph } from '../support/import-graph';

const ROUTE_MODULE = 'src/app/routes.tsx';

/** Circles with a file of the shell and a file of an area, or through the module that loads every area. */
function shellAreaCircles(graph: ImportGraph): string[] {
  return importCircles(graph)
    .filter((members) => members.includes(ROUTE_MODULE) || (members.some((m) => m.startsWith('src/app/')) && members.some((m) => m.startsWith('src/areas/'))))
    .map((members) => circlePath(graph, members, members.includes(ROUTE_MODULE) ? ROUTE_MODULE : members[0]).join(' -> '));
}

describe('import graph of src/', () => {
  const graph = readImportGraph('src');

  it('has no import circle between the shell and the areas', () => {
    expect(shellAreaCircles(graph)).toEqual([]);
  });

  it('sees the lazy area imports of the route table (so the check above is not vacuous)', () => {
    const targets = graph.get(ROUTE_MODULE) ?? [];
    expect(targets).toContain('src/areas/alerts/index.tsx');
    expect(targets).toContain('src/areas/ai-admin/index.tsx');
    expect(targets).toContain('src/app/route-table.ts');
  });

  it('keeps the plain route table free of area code', () => {
    expect((graph.get('src/app/route-table.ts') ?? []).filter((t) => t.startsWith('src/areas/') || t === ROUTE_MODULE)).toEqual([]);
  });
});

describe('import graph reader', () => {
  it('reads static, re-exported and dynamic imports, and leaves type-only ones out', () => {
    const text = [
      "import { a } from './a';",
      "import './side-effect';",
      "import type { T } from './types';",
      "import { type U, type V } from './more-types';",
      "import { type W, value } from './mixed';",
      "export * from './re-exported';",
      "export type { X } from './type-export';",
      "const lazy = () => import('./lazy');",
    ].join('\n');
    expect(runtimeSpecifiers('x.tsx', text)).toEqual(['./a', './side-effect', './mixed', './re-exported', './lazy']);
  });

  it('finds the circle the route table used to close, and names it from the route module', () => {
    const graph: ImportGraph = new Map([
      [ROUTE_MODULE, ['src/app/route-table.ts', 'src/areas/ai-admin/index.tsx']],
      ['src/app/route-table.ts', []],
      ['src/areas/ai-admin/index.tsx', ['src/app/auth/auth-context.ts', ROUTE_MODULE]],
      ['src/app/auth/auth-context.ts', []],
    ]);
    expect(shellAreaCircles(graph)).toEqual([`${ROUTE_MODULE} -> src/areas/ai-admin/index.tsx -> ${ROUTE_MODULE}`]);
    graph.set('src/areas/ai-admin/index.tsx', ['src/app/auth/auth-context.ts', 'src/app/route-table.ts']);
    expect(shellAreaCircles(graph)).toEqual([]);
  });

  it('finds a longer circle through a shell service an area uses', () => {
    const graph: ImportGraph = new Map([
      ['src/app/palette/index.ts', ['src/app/palette/CommandPalette.tsx']],
      ['src/app/palette/CommandPalette.tsx', ['src/app/layout/Loader.tsx']],
      ['src/app/layout/Loader.tsx', ['src/areas/notifications/index.tsx']],
      ['src/areas/notifications/index.tsx', ['src/app/palette/index.ts']],
    ]);
    expect(shellAreaCircles(graph)).toEqual([
      'src/app/layout/Loader.tsx -> src/areas/notifications/index.tsx -> src/app/palette/index.ts -> src/app/palette/CommandPalette.tsx -> src/app/layout/Loader.tsx',
    ]);
  });
});
