// vigil/no-import-cycle: no file may reach itself through its imports, counting every kind of
// import: static, `import type` / `export type ... from`, re-exports and lazy import() calls (also
// `import('./x').T` in a type). import-x/no-cycle leaves type-only imports out, and a circle made of
// types is still a circle in the design: the two files cannot be understood, moved or split apart.
//
// The graph is read the way tests/support/import-graph.ts reads it: relative specifiers only
// (packages and generated folders cannot import the repository back), `.js` suffixes dropped, a
// folder resolving to its index. Files are read lazily from the linted one outward and kept for the
// run; each circle is the strongly connected component of the linted file (Tarjan), and every
// import of the file that stays inside it is reported with one path around.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/** @type {Map<string, { mtime: number, targets: string[] }>} file -> the files it imports */
const files = new Map();
/** @type {Map<string, number>} file -> its component id, for files whose component is known */
let componentOf = new Map();
/** @type {Map<number, string[]>} */
let components = new Map();
/** A run of ESLint lints file after file; after a pause (an editor) the files read are checked again. */
let lastUse = 0;

function isFile(path) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function resolveSpecifier(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier.replace(/\.(js|jsx|mjs|cjs)$/, ''));
  const exact = resolve(dirname(from), specifier);
  const candidates = [exact, base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => join(base, `index${e}`))];
  return candidates.find((c) => !c.endsWith('.d.ts') && existsSync(c) && isFile(c)) ?? null;
}

/** Every specifier the text imports: import/export ... from (type-only too), import(), require(). */
function specifiersOf(text) {
  const info = ts.preProcessFile(text, true, true);
  return info.importedFiles.map((f) => f.fileName);
}

function targetsOf(file, text) {
  const found = specifiersOf(text)
    .map((s) => resolveSpecifier(file, s))
    .filter((t) => t !== null);
  return [...new Set(found)];
}

function edges(file) {
  const entry = files.get(file);
  if (entry) return entry.targets;
  let mtime = -1;
  let targets = [];
  try {
    mtime = statSync(file).mtimeMs;
    targets = targetsOf(file, readFileSync(file, 'utf8'));
  } catch {
    // gone: imports nothing
  }
  // A file read for the first time was reachable from no component found so far: they stay valid.
  files.set(file, { mtime, targets });
  return targets;
}

/** Forget the files changed on disk since they were read, and every component found with them. */
function refresh() {
  let changed = false;
  for (const [file, entry] of files) {
    let mtime = -1;
    try {
      mtime = statSync(file).mtimeMs;
    } catch {
      // gone
    }
    if (mtime !== entry.mtime) {
      files.delete(file);
      changed = true;
    }
  }
  if (changed) {
    componentOf = new Map();
    components = new Map();
  }
}

/** Tarjan's algorithm from `start` over what it reaches, iterative; fills componentOf/components. */
function findComponents(start, edgesOf) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const work = [{ node: start, edge: 0, targets: edgesOf(start) }];
  index.set(start, next);
  low.set(start, next++);
  stack.push(start);
  onStack.add(start);
  while (work.length > 0) {
    const frame = work[work.length - 1];
    if (frame.edge < frame.targets.length) {
      const to = frame.targets[frame.edge++];
      if (componentOf.has(to)) continue; // an earlier search closed its component
      if (!index.has(to)) {
        index.set(to, next);
        low.set(to, next++);
        stack.push(to);
        onStack.add(to);
        work.push({ node: to, edge: 0, targets: edgesOf(to) });
      } else if (onStack.has(to)) {
        low.set(frame.node, Math.min(low.get(frame.node), index.get(to)));
      }
      continue;
    }
    work.pop();
    const parent = work[work.length - 1];
    if (parent) low.set(parent.node, Math.min(low.get(parent.node), low.get(frame.node)));
    if (low.get(frame.node) !== index.get(frame.node)) continue;
    const id = components.size + 1;
    const members = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      members.push(member);
      componentOf.set(member, id);
    } while (member !== frame.node);
    components.set(id, members);
  }
}

/** A shortest path from `from` to `to` inside `members`, both ends included. */
function pathWithin(edgesOf, members, from, to) {
  const inside = new Set(members);
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const node = queue.shift();
    if (node === to) break;
    for (const next of edgesOf(node)) {
      if (!inside.has(next) || previous.has(next)) continue;
      previous.set(next, node);
      queue.push(next);
    }
  }
  const path = [];
  for (let at = to; at !== null && at !== undefined; at = previous.get(at)) path.unshift(at);
  return path;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow import circles, counting type-only imports, re-exports and lazy import() calls',
    },
    schema: [],
    messages: {
      cycle: 'Import circle: {{path}} (type-only and lazy imports count). Move what both sides need into a module of its own, or invert the dependency.',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!isFile(file)) return {};
    const now = Date.now();
    if (now - lastUse > 1000) refresh();
    lastUse = now;

    // The linted text may differ from the file on disk (an editor): its own imports come from it.
    const live = targetsOf(file, context.sourceCode.text);
    const onDisk = edges(file);
    const same = live.length === onDisk.length && live.every((t, i) => t === onDisk[i]);
    let edgesOf = edges;
    if (!same) {
      edgesOf = (f) => (f === file ? live : edges(f));
      componentOf = new Map();
      components = new Map();
    }
    if (!componentOf.has(file)) findComponents(file, edgesOf);
    const members = components.get(componentOf.get(file)) ?? [file];
    if (!same) {
      // computed with the unsaved text: do not keep it for other files
      componentOf = new Map();
      components = new Map();
    }
    const selfImport = live.includes(file);
    if (members.length < 2 && !selfImport) return {};
    const inCircle = new Set(members);
    const cwd = context.cwd ?? process.cwd();
    const name = (f) => relative(cwd, f).split(sep).join('/');

    function check(node, source) {
      if (!source || typeof source.value !== 'string') return;
      const target = resolveSpecifier(file, source.value);
      if (target === null || !inCircle.has(target)) return;
      const back = target === file ? [file] : pathWithin(edgesOf, members, target, file);
      context.report({ node: source, messageId: 'cycle', data: { path: [file, ...back].map(name).join(' -> ') } });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : null),
      TSImportType: (node) => check(node, node.argument?.type === 'TSLiteralType' ? node.argument.literal : (node.source ?? null)),
      TSExternalModuleReference: (node) => check(node, node.expression),
    };
  },
};

export default {
  meta: { name: 'eslint-plugin-vigil' },
  rules: { 'no-import-cycle': noImportCycle },
};
