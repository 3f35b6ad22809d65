// ESLint for the whole repository (docs/decisions.md, "Lint and format"): the recommended sets of
// ESLint and typescript-eslint, the type-aware promise rules, React's hook rules, jsx-a11y on the
// console's components, and the import lines of DESIGN.md "Shape": the layers of src/, the sides
// (server/, src/, core/, machines/), a server module reached only through its index.ts, and no
// import circles, type-only and lazy imports included. Prettier owns the formatting.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import vigil from './eslint-rules/no-import-cycle.js';

const root = import.meta.dirname;
const at = (...parts) => join(root, ...parts);

const TS = ['**/*.{ts,tsx,mts,cts}'];
const ALL = ['**/*.{js,mjs,cjs,jsx,ts,tsx,mts,cts}'];

/** Another server module is reached only through its index.ts: one zone per module. */
const serverModules = readdirSync(at('server/modules'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const moduleZones = serverModules.map((name) => ({
  target: `./server/modules/${name}`,
  from: at('server/modules/**'),
  except: [at('server/modules', name, '**'), at('server/modules/*/index.ts')],
  message: 'A server module uses another only through its index.ts.',
}));

// The layers and sides (DESIGN.md "Shape"). Type-only and lazy imports count: a layer may not name
// another's types either. tests/server/import-boundaries.test.ts and tests/ui/layers.test.ts check
// the same lines without ESLint.
const zones = [
  {
    target: './src/ui',
    from: ['./src/app', './src/areas', './src/features', './src/api'],
    message: 'src/ui is presentational: no shell, area, feature or data-layer module.',
  },
  {
    target: './src/api',
    from: ['./src/app', './src/areas', './src/features', './src/ui', './src/main.tsx', './machines', './server'],
    message: 'src/api imports only src/api, src/lib and core/.',
  },
  { target: './src/features', from: './src/areas', message: 'src/features imports no area (areas -> features -> api -> ui).' },
  {
    target: './src/lib',
    from: ['./src/app', './src/areas', './src/features', './src/api', './src/ui'],
    message: 'src/lib holds pure helpers: no console layer.',
  },
  {
    target: at('src/{app,areas,features,ui,lib}/**'),
    from: [at('src/api/client.ts')],
    message: 'Only src/api calls the client: use a query or mutation from src/api/<resource>.',
  },
  { target: './src', from: './server', message: 'The console never imports the server: share code through core/.' },
  { target: './server', from: './src', message: 'The server never imports the console: share code through core/.' },
  { target: './core', from: ['./src', './server', './machines'], message: 'core/ is shared by both sides and imports neither.' },
  { target: './machines', from: ['./src', './server'], message: 'machines/ are pure XState: no imports from src/ or server/.' },
  ...moduleZones,
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist.build-*/',
      'dist.old-*/',
      'styled-system/',
      'node_modules/',
      '.tmp/',
      '.data/',
      'test-results/',
      'playwright-report/',
      'openapi/schema.d.ts',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  { files: ALL, ...js.configs.recommended },
  ...tseslint.configs.recommendedTypeChecked.map((c) => ({ ...c, files: c.files ?? TS })),
  {
    files: TS,
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // Callbacks in props and options are properties, not methods: passing `onClose` or
      // destructuring `{ open }` is then sound, and unbound-method keeps meaning "a real method".
      '@typescript-eslint/method-signature-style': ['error', 'property'],
    },
  },
  {
    files: ALL,
    rules: {
      // a `let` read by a callback before its one assignment (a server's handler) stays a `let`
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    // Tests, end-to-end specs, benchmarks and scripts read response bodies and fixtures typed `any`
    // and check them with assertions; the no-unsafe-* rules would ask for a cast at every read.
    // Their async callbacks implement async signatures (fixtures, fetch stubs, route handlers) or
    // ask for the async act(), which flushes effects and promises: require-await would change that.
    files: ['tests/**', 'e2e/**', 'bench/**', 'scripts/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['src/**/*.tsx'],
    rules: {
      // labels that wrap one of our inputs (it renders the <input>)
      'jsx-a11y/label-has-associated-control': ['error', { controlComponents: ['ObjectIdInput'] }],
      // a scrolling region takes focus so the keyboard can scroll it (axe: scrollable-region-focusable)
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region'], tags: [] }],
    },
  },
  {
    files: ALL,
    plugins: { 'import-x': importX, vigil },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] })],
    },
    rules: {
      'vigil/no-import-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
    },
  },
  {
    files: ['core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(react|react-dom|@ark-ui/|fastify|@fastify/|drizzle-orm|postgres|@electric-sql/|pg$|node:|fs$|path$|crypto$)',
              message: 'core/ runs in the browser and on the server: no React, Fastify, database driver or Node module.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**'],
    ignores: ['server/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Only server/config.ts reads process.env: take ServerConfig or an option.' },
      ],
    },
  },
  prettier,
);
