import type { Rng } from './rng.js';

/**
 * The demo data's clock. Everything is placed relative to a fixed "now" so that every run produces
 * identical rows; events are spread over the 18 months before it.
 */
export const SEED_NOW = Date.UTC(2026, 10, 1); // 2026-11-01T00:00:00Z
export const SEED_START = Date.UTC(2025, 4, 1); // 18 months earlier
export const SPAN_MS = SEED_NOW - SEED_START;

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const iso = (ms: number): string => new Date(ms).toISOString();

/** whole seconds, so timestamps round-trip through Postgres unchanged */
export const roundSecond = (ms: number): number => Math.floor(ms / 1000) * 1000;

/** n sorted times over the window, with activity growing over time (density 1 + 0.6·x). */
export function sortedTimes(rng: Rng, n: number): Float64Array {
  const u = new Float64Array(n);
  for (let i = 0; i < n; i++) u[i] = rng.next();
  u.sort();
  const g = 0.6;
  for (let i = 0; i < n; i++) {
    const x = (-1 + Math.sqrt(1 + 2 * g * u[i] * (1 + g / 2))) / g;
    u[i] = roundSecond(SEED_START + x * (SPAN_MS - HOUR));
  }
  return u;
}
