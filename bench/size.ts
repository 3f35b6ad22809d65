import { gzipSync } from 'node:zlib';

/** Budgets are in KB of 1,000 bytes, the unit vite prints after a build. */
export const KB = 1000;

/** Size of a body once gzipped with node:zlib's default level (6), as a server or CDN would send it. */
export function gzipBytes(body: Buffer | string): number {
  return gzipSync(body).length;
}

export function formatKb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}
