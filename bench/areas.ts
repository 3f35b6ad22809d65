import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTES } from '../src/app/route-table.js';
import { gzipBytes, KB } from './size.js';

export const AREA_BUDGET_BYTES = 80 * KB;

/** One chunk of the production build with its gzip size. */
export interface SizedChunk {
  file: string;
  gzipBytes: number;
}

export interface AreaSize {
  area: string;
  /** The chunk vite emitted for src/areas/<area>/index.tsx; null when the area has none of its own. */
  chunk: SizedChunk | null;
  /** Chunks the area imports statically that the shell does not already load (shared with other areas or not). */
  sharedChunks: SizedChunk[];
  /** What opening the area downloads beyond the shell: its chunk plus those shared chunks. */
  addedGzipBytes: number;
  /**
   * The largest code the area loads later, on use (a page or dialog it imports dynamically): that
   * import's chunk and its static imports that neither the shell nor the area already loaded.
   */
  largestLater: { file: string; addedGzipBytes: number } | null;
  met: boolean;
}

/** The part of dist/.vite/manifest.json the bench reads (vite's ManifestChunk). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const MANIFEST = 'dist/.vite/manifest.json';
const AREAS_DIR = 'src/areas';
/** src/app/AppRoutes.tsx renders every area that is not public inside it, so it has loaded first. */
const SIGNED_IN_SHELL = 'src/app/layout/Shell.tsx';

/** Manifest keys of a chunk and of everything it imports statically (what the browser loads with it). */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

function sized(manifest: Manifest, key: string): SizedChunk {
  const file = manifest[key].file;
  return { file, gzipBytes: gzipBytes(readFileSync(join('dist', file))) };
}

/**
 * Sizes each area from vite's build manifest: the area's entry chunk plus its static imports that
 * the shell does not already load. The shell is index.html's entry and its static imports and, for
 * an area with no public route, the signed-in shell (src/app/layout/Shell.tsx) and its static
 * imports, which AppRoutes loads before it renders such an area. The area's dynamic imports (pages
 * and dialogs loaded on use) are sized the same way against the shell and the area's own code; the
 * largest is reported and held to the same budget.
 */
export function measureAreas(): AreaSize[] {
  if (!existsSync(MANIFEST)) throw new Error(`${MANIFEST} is missing: vite.config.ts needs build.manifest: true`);
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error(`${MANIFEST} has no entry chunk`);
  if (!manifest[SIGNED_IN_SHELL]) throw new Error(`${MANIFEST} has no chunk for ${SIGNED_IN_SHELL}`);
  const publicShell = staticClosure(manifest, entry);
  const signedInShell = new Set([...publicShell, ...staticClosure(manifest, SIGNED_IN_SHELL)]);
  const areaKeys = new Set(Object.keys(manifest).filter((k) => k.startsWith(`${AREAS_DIR}/`) && k.endsWith('/index.tsx')));
  // a chunk shared by several areas is read and gzipped once
  const sizes = new Map<string, SizedChunk>();
  const sizeOf = (k: string) => sizes.get(k) ?? sizes.set(k, sized(manifest, k)).get(k)!;

  // Every folder with an index.tsx is an area (src/app/routes.tsx imports each one lazily).
  const areas = readdirSync(AREAS_DIR)
    .filter((name) => existsSync(join(AREAS_DIR, name, 'index.tsx')))
    .sort();
  return areas.map((area) => {
    const key = `${AREAS_DIR}/${area}/index.tsx`;
    // An area without a dynamic entry of its own was folded into another chunk: reported as missed.
    if (!manifest[key]?.isDynamicEntry) return { area, chunk: null, sharedChunks: [], addedGzipBytes: 0, largestLater: null, met: false };
    const isPublic = ROUTES.some((r) => r.area === area && r.public);
    const shell = isPublic ? publicShell : signedInShell;
    const chunk = sizeOf(key);
    const own = staticClosure(manifest, key);
    const sharedChunks = [...own].filter((k) => k !== key && !shell.has(k)).map(sizeOf);
    const addedGzipBytes = chunk.gzipBytes + sharedChunks.reduce((sum, c) => sum + c.gzipBytes, 0);

    // the dynamic imports of the area's code (what it loads beyond the shell), and theirs in turn;
    // not other areas, nor what the shell itself loads on use (the palette, the right panel)
    const loaded = new Set([...shell, ...own]);
    const shellLater = new Set([...shell].flatMap((k) => manifest[k]?.dynamicImports ?? []));
    const later = new Set<string>();
    const queue = [...own].filter((k) => !shell.has(k));
    while (queue.length) {
      const k = queue.pop()!;
      for (const d of manifest[k]?.dynamicImports ?? []) {
        if (later.has(d) || loaded.has(d) || areaKeys.has(d) || shellLater.has(d) || d === SIGNED_IN_SHELL) continue;
        later.add(d);
        queue.push(...[...staticClosure(manifest, d)].filter((c) => !loaded.has(c)));
      }
    }
    let largestLater: AreaSize['largestLater'] = null;
    for (const d of later) {
      const bytes = [...staticClosure(manifest, d)].filter((k) => !loaded.has(k)).reduce((sum, k) => sum + sizeOf(k).gzipBytes, 0);
      if (!largestLater || bytes > largestLater.addedGzipBytes) largestLater = { file: manifest[d].file, addedGzipBytes: bytes };
    }
    const met = addedGzipBytes <= AREA_BUDGET_BYTES && (largestLater?.addedGzipBytes ?? 0) <= AREA_BUDGET_BYTES;
    return { area, chunk, sharedChunks, addedGzipBytes, largestLater, met };
  });
}
