import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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
  met: boolean;
}

/** The part of dist/.vite/manifest.json the bench reads (vite's ManifestChunk). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const MANIFEST = 'dist/.vite/manifest.json';
const AREAS_DIR = 'src/areas';

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
 * the shell (index.html's entry and its static imports) does not already load. Dynamic imports
 * inside an area are left out: they load later, on use.
 */
export function measureAreas(): AreaSize[] {
  if (!existsSync(MANIFEST)) throw new Error(`${MANIFEST} is missing: vite.config.ts needs build.manifest: true`);
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error(`${MANIFEST} has no entry chunk`);
  const shell = staticClosure(manifest, entry);

  // Every folder with an index.tsx is an area (src/app/routes.tsx imports each one lazily).
  const areas = readdirSync(AREAS_DIR).filter((name) => existsSync(join(AREAS_DIR, name, 'index.tsx'))).sort();
  return areas.map((area) => {
    const key = `${AREAS_DIR}/${area}/index.tsx`;
    // An area without a dynamic entry of its own was folded into another chunk: reported as missed.
    if (!manifest[key]?.isDynamicEntry) return { area, chunk: null, sharedChunks: [], addedGzipBytes: 0, met: false };
    const chunk = sized(manifest, key);
    const sharedChunks = [...staticClosure(manifest, key)].filter((k) => k !== key && !shell.has(k)).map((k) => sized(manifest, k));
    const addedGzipBytes = chunk.gzipBytes + sharedChunks.reduce((sum, c) => sum + c.gzipBytes, 0);
    return { area, chunk, sharedChunks, addedGzipBytes, met: addedGzipBytes <= AREA_BUDGET_BYTES };
  });
}
