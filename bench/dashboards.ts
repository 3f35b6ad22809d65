import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signIn, type ApiClient } from './api-client.js';
import { dataMode, enginesOf, onEachEngine, type Engine } from './exports.js';
import type { SeedRecord } from './large-data.js';
import { percentile } from './lists.js';

/**
 * The dashboards' budget (issue 23, line 5): each section's aggregation call (KPIs, alerts, cases,
 * SARs: GET /api/reporting/{section}) at p95 under 200 ms on PostgreSQL and 500 ms on PGlite over the
 * large data. On each engine the real server on the large database of the lists phase (reused,
 * seeded only when absent); the demo manager (who may read every section and the per-rule chart)
 * calls each section with each range in turn, WARMUP times uncounted then CALLS times, one call at a
 * time, each timed from sending it until its body has been read.
 *
 * BENCH_DASHBOARDS_DATA=demo runs on a fresh database of the demo data instead (a check that the
 * phase works end to end; its numbers judge no budget), BENCH_DASHBOARDS_ENGINES=pglite or postgres
 * one engine only, BENCH_DASHBOARDS_CALLS fewer calls.
 */

export const SECTIONS = ['kpis', 'alerts', 'cases', 'sars'] as const;
export type Section = (typeof SECTIONS)[number];
export const WARMUP = 3;
export const CALLS = Number(process.env.BENCH_DASHBOARDS_CALLS) > 0 ? Number(process.env.BENCH_DASHBOARDS_CALLS) : 30;

const PORT = 3592;
const SCRATCH = join(tmpdir(), 'vigil-bench-dashboards');

export interface SectionTiming {
  section: Section;
  /** the range's label: the default range, with a queue, a year by week */
  range: string;
  query: string;
  /** charts in the answer, and the data points of their series */
  charts: number;
  points: number;
  samplesMs: number[];
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export interface DashboardsEngineResult {
  engine: Engine;
  version: string;
  seed: SeedRecord | null;
  queue: { id: number; title: string } | null;
  timings: SectionTiming[];
}

export interface DashboardsResult {
  mode: 'large' | 'demo';
  calls: number;
  warmup: number;
  engines: DashboardsEngineResult[];
}

interface ReportSection {
  charts: Array<{ series: Array<{ points: unknown[] }> }>;
}

async function timedGet(baseUrl: string, client: ApiClient, path: string): Promise<{ ms: number; body: ReportSection }> {
  const started = performance.now();
  const res = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${client.jwt}` } });
  const text = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`dashboards bench: GET ${path}: ${res.status} ${text}`);
  return { ms, body: JSON.parse(text) as ReportSection };
}

const pointsOf = (body: ReportSection) => body.charts.reduce((sum, c) => sum + c.series.reduce((s, series) => s + series.points.length, 0), 0);

export async function measureDashboards(fresh: boolean): Promise<DashboardsResult> {
  const mode = dataMode('BENCH_DASHBOARDS_DATA');
  const engines = await onEachEngine({ engines: enginesOf('BENCH_DASHBOARDS_ENGINES'), mode, fresh, port: PORT, scratch: SCRATCH }, async (run) => {
    const { baseUrl } = run.server;
    let client = await signIn(baseUrl, 'manager@demo.test');
    const { queues } = await client.get<{ queues: Array<{ id: number; title: string }> }>('/api/queues');
    const queue = queues[0] ?? null;
    const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString();
    const ranges: Array<{ label: string; query: string }> = [
      { label: 'default range (the last 30 days, by day)', query: '' },
      ...(queue ? [{ label: `the default range, one queue (${queue.title})`, query: `?queue_id=${queue.id}` }] : []),
      { label: 'the last 365 days, by week', query: `?from=${encodeURIComponent(yearAgo)}&bucket=week` },
    ];
    const timings: SectionTiming[] = [];
    for (const range of ranges) {
      for (const section of SECTIONS) {
        // the access token lasts 15 minutes: a fresh one for each series of calls
        if (client.jwtExpiresAt * 1000 - Date.now() < 5 * 60_000) client = await signIn(baseUrl, 'manager@demo.test');
        console.log(`bench: ${section} section, ${range.label}, on ${run.engine}`);
        const path = `/api/reporting/${section}${range.query}`;
        let last: ReportSection | null = null;
        for (let i = 0; i < WARMUP; i++) last = (await timedGet(baseUrl, client, path)).body;
        const samplesMs: number[] = [];
        for (let i = 0; i < CALLS; i++) {
          const { ms, body } = await timedGet(baseUrl, client, path);
          samplesMs.push(ms);
          last = body;
        }
        timings.push({
          section,
          range: range.label,
          query: range.query,
          charts: last?.charts.length ?? 0,
          points: last ? pointsOf(last) : 0,
          samplesMs,
          p50Ms: percentile(samplesMs, 0.5),
          p95Ms: percentile(samplesMs, 0.95),
          maxMs: Math.max(...samplesMs),
        });
      }
    }
    return { engine: run.engine, version: run.version, seed: run.seed, queue, timings };
  });
  rmSync(SCRATCH, { recursive: true, force: true });
  return { mode, calls: CALLS, warmup: WARMUP, engines };
}
