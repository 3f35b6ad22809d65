// The layers of the console (DESIGN.md "Shape"): imports run areas -> features -> api -> ui, and
// everything may use src/lib and core/. src/ui holds presentational components only; src/api is the
// one home of the data calls, and nothing else talks to the server. The lint configuration
// (eslint.config.js) holds the import lines as rules; this test checks them again without ESLint, and
// also that nothing outside src/api calls fetch. Type-only imports count: a layer may not name
// another's types.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readImportGraph, type ImportGraph } from '../support/import-graph';

const CLIENT = 'src/api/client.ts';

interface Rule {
  /** what the rule says, for the failure message */
  name: string;
  applies: (file: string) => boolean;
  allows: (target: string) => boolean;
}

const under =
  (...dirs: string[]) =>
  (path: string) =>
    dirs.some((d) => path.startsWith(`${d}/`));

const RULES: readonly Rule[] = [
  {
    name: 'src/ui is presentational: no shell, area, feature or data-layer module',
    applies: under('src/ui'),
    allows: (t) => !under('src/app', 'src/areas', 'src/features', 'src/api')(t),
  },
  {
    name: 'src/api imports only src/api, src/lib and core/',
    applies: under('src/api'),
    allows: under('src/api', 'src/lib', 'core'),
  },
  {
    name: 'src/features imports no area',
    applies: under('src/features'),
    allows: (t) => !under('src/areas')(t),
  },
  {
    name: 'only src/api calls the client',
    applies: (f) => !under('src/api')(f),
    allows: (t) => t !== CLIENT,
  },
];

/** Every import that crosses a rule, as "rule: from -> to". */
function layerViolations(graph: ImportGraph, rules: readonly Rule[] = RULES): string[] {
  const out: string[] = [];
  for (const [file, targets] of graph) {
    for (const rule of rules) {
      if (!rule.applies(file)) continue;
      for (const target of targets) if (!rule.allows(target)) out.push(`${rule.name}: ${file} -> ${target}`);
    }
  }
  return out.sort();
}

// Calls that would go around the client: a second openapi-fetch client, fetch() or XMLHttpRequest.
const AROUND_THE_CLIENT = /openapi-fetch|(?<![\w.])fetch\s*\(|window\.fetch\b|XMLHttpRequest/;

describe('layers of src/', () => {
  const graph = readImportGraph('src', process.cwd(), { types: true, outside: true });

  it('keeps every import on its side of the layers', () => {
    expect(layerViolations(graph)).toEqual([]);
  });

  it('has no API call in a component file: no .tsx imports the client', () => {
    const components = [...graph].filter(([file, targets]) => file.endsWith('.tsx') && targets.includes(CLIENT)).map(([file]) => file);
    expect(components).toEqual([]);
  });

  it('calls the server only through src/api', () => {
    const around = [...graph.keys()].filter((file) => !file.startsWith('src/api/') && AROUND_THE_CLIENT.test(readFileSync(file, 'utf8')));
    expect(around).toEqual([]);
  });

  it('reads the layers it checks (so the checks above are not vacuous)', () => {
    expect(graph.get('src/api/alerts/queries.ts')).toContain(CLIENT);
    expect(graph.get('src/api/alerts/queries.ts')).toContain('src/api/alerts/keys.ts');
    expect([...graph.keys()].filter(under('src/ui')).length).toBeGreaterThan(10);
    expect([...graph.keys()].filter(under('src/features')).length).toBeGreaterThan(10);
    // type-only imports are read too (audit-text.ts has only `import type` from the audit queries)
    expect(graph.get('src/features/work/audit-text.ts')).toContain('src/api/audit/queries.ts');
  });
});

describe('layer rules', () => {
  it('catch a presentational component that reaches for the shell, an area, a feature or the data layer', () => {
    const graph: ImportGraph = new Map([
      [
        'src/ui/Chip.tsx',
        [
          'src/app/toasts/toast-context.ts',
          'src/areas/alerts/index.tsx',
          'src/features/work/index.ts',
          'src/api/alerts/keys.ts',
          'src/ui/recipes.ts',
          'src/lib/deadline.ts',
        ],
      ],
    ]);
    expect(layerViolations(graph)).toEqual([
      'src/ui is presentational: no shell, area, feature or data-layer module: src/ui/Chip.tsx -> src/api/alerts/keys.ts',
      'src/ui is presentational: no shell, area, feature or data-layer module: src/ui/Chip.tsx -> src/app/toasts/toast-context.ts',
      'src/ui is presentational: no shell, area, feature or data-layer module: src/ui/Chip.tsx -> src/areas/alerts/index.tsx',
      'src/ui is presentational: no shell, area, feature or data-layer module: src/ui/Chip.tsx -> src/features/work/index.ts',
    ]);
  });

  it('catch the data layer reaching up, and allow src/lib and core/', () => {
    const graph: ImportGraph = new Map([
      [
        'src/api/alerts/queries.ts',
        [
          'src/api/client.ts',
          'src/lib/work-rules.ts',
          'core/work-rules.ts',
          'src/app/auth/auth-context.ts',
          'src/features/work/index.ts',
          'src/areas/alerts/list/alert-list-url.ts',
          'src/ui/recipes.ts',
        ],
      ],
    ]);
    expect(layerViolations(graph).map((v) => v.split(': ')[1])).toEqual([
      'src/api/alerts/queries.ts -> src/app/auth/auth-context.ts',
      'src/api/alerts/queries.ts -> src/areas/alerts/list/alert-list-url.ts',
      'src/api/alerts/queries.ts -> src/features/work/index.ts',
      'src/api/alerts/queries.ts -> src/ui/recipes.ts',
    ]);
  });

  it('catch a feature importing an area, and a call to the client outside src/api', () => {
    const graph: ImportGraph = new Map([
      ['src/features/work/StatusActions.tsx', ['src/areas/cases/case-format.ts', 'src/api/work/mutations.ts']],
      ['src/areas/login/LoginPage.tsx', [CLIENT, 'src/api/session/mutations.ts']],
      ['src/app/auth/AuthProvider.tsx', ['src/api/access-token.ts']],
    ]);
    expect(layerViolations(graph)).toEqual([
      'only src/api calls the client: src/areas/login/LoginPage.tsx -> src/api/client.ts',
      'src/features imports no area: src/features/work/StatusActions.tsx -> src/areas/cases/case-format.ts',
    ]);
  });
});
