// The lines between the server, the console and the code both run (DESIGN.md "Shape"): server/
// never imports src/, src/ never imports server/, and core/ and machines/ import neither; core/ also
// stays free of React, Fastify, the database drivers and Node's own modules, since the browser runs
// it too. Inside the server, a module uses another only through its index.ts, no files import
// each other in a circle, and only server/config.ts reads the environment. The lint configuration
// (eslint.config.js) holds these lines as rules; this test checks them again without ESLint, in a few
// milliseconds. Type-only imports count: a side may not name the other's types either.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { circlePath, importCircles, importSpecifiers, readImportGraph } from '../support/import-graph';

const under =
  (...dirs: string[]) =>
  (path: string) =>
    dirs.some((d) => path.startsWith(`${d}/`));

/** "from -> to" for every import of a file under `root` that `forbidden` refuses. */
function crossings(root: string, forbidden: (target: string) => boolean): string[] {
  const graph = readImportGraph(root, process.cwd(), { types: true, outside: true });
  return [...graph].flatMap(([file, targets]) => targets.filter(forbidden).map((t) => `${file} -> ${t}`)).sort();
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Packages core/ may not use: UI, server, database and Node-only code. */
const NOT_IN_CORE = /^(react|react-dom|@ark-ui\/|fastify|@fastify\/|drizzle-orm|postgres|@electric-sql\/|pg|node:|fs$|path$|crypto$)/;

describe('import boundaries', () => {
  it('server/ imports nothing from src/', () => {
    expect(crossings('server', under('src'))).toEqual([]);
  });

  it('src/ imports nothing from server/', () => {
    expect(crossings('src', under('server'))).toEqual([]);
  });

  it('core/ imports nothing from src/, server/ or machines/', () => {
    expect(crossings('core', under('src', 'server', 'machines'))).toEqual([]);
  });

  it('machines/ import nothing from src/ or server/', () => {
    expect(crossings('machines', under('src', 'server'))).toEqual([]);
  });

  it('core/ uses no React, Fastify, database driver or Node module', () => {
    const found = filesUnder('core').flatMap((file) =>
      importSpecifiers(file, readFileSync(file, 'utf8'), { types: true })
        .filter((s) => NOT_IN_CORE.test(s))
        .map((s) => `${file} -> ${s}`),
    );
    expect(found).toEqual([]);
  });

  it('a server module uses another module only through its index.ts', () => {
    const moduleOf = (path: string) => /^server\/modules\/([^/]+)\//.exec(path)?.[1] ?? null;
    const throughIndex = (target: string) => /^server\/modules\/[^/]+\/index\.ts$/.test(target);
    const graph = readImportGraph('server', process.cwd(), { types: true });
    const found = [...graph]
      .flatMap(([file, targets]) =>
        targets.filter((t) => moduleOf(t) !== null && moduleOf(t) !== moduleOf(file) && !throughIndex(t)).map((t) => `${file} -> ${t}`),
      )
      .sort();
    expect(found).toEqual([]);
  });

  it('only server/config.ts reads process.env (everything else gets ServerConfig or options)', () => {
    const readers = filesUnder('server').filter((file) => file !== join('server', 'config.ts') && /process\.env\b/.test(readFileSync(file, 'utf8')));
    expect(readers).toEqual([]);
  });

  it('no files of the server import each other in a circle', () => {
    const graph = readImportGraph('server');
    const circles = importCircles(graph).map((members) => circlePath(graph, members, members[0]).join(' -> '));
    expect(circles).toEqual([]);
  });
});
