// Lazy-load failures (a chunk that no longer exists after a deploy, a dropped connection). The
// console reloads itself once; if loading fails again it asks the agent to (section 2).
import { readStorage, writeStorage } from '../../lib/storage';

export const CHUNK_RELOAD_KEY = 'vigil:chunk-reload';

/** Raised by lazily imported modules that failed to load, so the boundary can tell them apart. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(readonly original: unknown) {
    super(original instanceof Error ? original.message : 'A module of the console failed to load');
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError || (error instanceof Error && error.name === 'ChunkLoadError');
}

/** True when this tab has not yet reloaded for a failed chunk (and marks that it now will). */
export function claimAutomaticReload(): boolean {
  if (readStorage('session', CHUNK_RELOAD_KEY)) return false;
  writeStorage('session', CHUNK_RELOAD_KEY, String(Date.now()));
  return true;
}

/** A module loaded: the next failure may reload automatically again. */
export function chunkLoaded(): void {
  if (readStorage('session', CHUNK_RELOAD_KEY)) writeStorage('session', CHUNK_RELOAD_KEY, null);
}
