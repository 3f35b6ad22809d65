// The module graph of src/ as the bundler sees it, read with TypeScript's parser: static imports,
// re-exports and dynamic import() calls. Type-only imports (`import type`, `export type ... from`,
// or every named binding marked `type`) are left out by default: they are erased before the code
// runs, so they cannot make two modules wait on each other or pull an area into the shell's chunk.
// The layer check (tests/ui/layers.test.ts) counts them: a layer may not name another's types.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

export type ImportGraph = Map<string, string[]>;

const EXTENSIONS = ['.ts', '.tsx'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return EXTENSIONS.some((e) => name.endsWith(e)) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

// Relative specifiers only: packages and generated folders (styled-system, openapi) cannot import
// src/ back, so they cannot close a circle.
function resolveSpecifier(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''));
  const candidates = [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => join(base, `index${e}`))];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

function typeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false; // a side-effect import runs the module
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return !clause.name && !!bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
}

function typeOnlyExport(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return !!clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly);
}

/**
 * The specifiers a file imports, statically or with import(). By default only what runs: type-only
 * imports and re-exports are left out; with `types` they count too (a layer that may not know a
 * module may not name its types either).
 */
export function importSpecifiers(fileName: string, text: string, { types = false }: { types?: boolean } = {}): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && (types || !typeOnlyImport(node))) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && (types || !typeOnlyExport(node))) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) found.push(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The specifiers a file imports at run time, statically or with import(). */
export function runtimeSpecifiers(fileName: string, text: string): string[] {
  return importSpecifiers(fileName, text);
}

export interface ImportGraphOptions {
  /** count type-only imports too */
  types?: boolean;
  /** keep imported files outside `root` (core/, machines/) instead of leaving them out */
  outside?: boolean;
}

/** Every file under `root` with the files it imports, as paths relative to `cwd` with forward slashes. */
export function readImportGraph(root: string, cwd = process.cwd(), { types = false, outside = false }: ImportGraphOptions = {}): ImportGraph {
  const name = (path: string) => relative(cwd, path).split(sep).join('/');
  const top = resolve(cwd, root);
  const graph: ImportGraph = new Map();
  for (const file of sourceFiles(top)) {
    const targets = importSpecifiers(file, readFileSync(file, 'utf8'), { types })
      .map((specifier) => resolveSpecifier(file, specifier))
      .filter((t): t is string => t !== null && (outside || t.startsWith(top + sep)));
    graph.set(name(file), [...new Set(targets.map(name))]);
  }
  return graph;
}

/** Strongly connected components with more than one file (or a file importing itself): the import circles. */
export function importCircles(graph: ImportGraph): string[][] {
  // Tarjan's algorithm, iterative so a deep graph cannot overflow the stack.
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const circles: string[][] = [];

  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; edge: number }> = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++];
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      if (component.length > 1 || edges.includes(frame.node)) circles.push(component.sort());
    }
  }
  return circles;
}

/** One concrete path around a circle, from `from` back to itself, for a readable failure message. */
export function circlePath(graph: ImportGraph, members: readonly string[], from: string): string[] {
  const inside = new Set(members);
  const previous = new Map<string, string>();
  const queue = [from];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const to of graph.get(node) ?? []) {
      if (!inside.has(to)) continue;
      if (to === from) {
        const path = [from];
        for (let at: string | undefined = node; at && at !== from; at = previous.get(at)) path.splice(1, 0, at);
        return [...path, from];
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return [from];
}
