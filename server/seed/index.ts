import type { Database, SqlExecutor } from '../db/client.js';
import { seedInvestigations, type Investigations } from './alerts.js';
import { seedAi } from './ai.js';
import { seedAnnotations } from './annotations.js';
import type { OrgContext, SeedContext } from './context.js';
import { seedCustomers } from './customers.js';
import { seedDataSettings } from './data-settings.js';
import { seedEvents } from './events.js';
import type { EventRefs } from './events.types.js';
import { seedFilings } from './filings.js';
import { seedFintrac } from './fintrac.js';
import { seedAuditAndLayouts, seedFileExports, seedFlatFiles, seedNotifications } from './operations.js';
import { seedOrganisations } from './org-setup.js';
import { seedRisk, UPDATE_ENTITY_SCORES } from './risk.js';
import { seedRules, seedTypologyRules } from './rules.js';
import { SCALES, type SeedScale } from './scale.js';
import { BulkWriter, IdAllocator } from './writer.js';

export type { SeedScale } from './scale.js';
export { syncPermissionCatalogue } from './catalogue.js';

export interface SeedOptions {
  scale: SeedScale;
  /** progress lines (step timings), for the CLI */
  log?: (line: string) => void;
  /**
   * The server's field key (ServerConfig.fieldKey): values of ENCRYPTED settings are stored
   * encrypted with it, as ingestion stores them. Without it they are written in clear.
   */
  fieldKey?: Buffer;
}

export interface SeedSummary {
  scale: SeedScale;
  durationMs: number;
  /** rows per table (every public table, zero where the seed writes none) */
  counts: Record<string, number>;
}

/** The tables that take the bulk of the rows. */
const BULK_TABLES = ['entities', 'instruments', 'transactions', 'action_events'];
/** The tables that grow with the alert volume (about 100,000 alerts at the large scale). */
const INVESTIGATION_TABLES = [
  'alerts',
  'alert_rules',
  'alert_hits',
  'alert_transactions',
  'alert_entities',
  'alert_instruments',
  'case_alerts',
  'case_entities',
  'evaluation_logs',
  'comments',
  'object_tags',
];

/** Every table of the public schema (the migrator's bookkeeping lives in the "drizzle" schema). */
async function publicTables(sql: SqlExecutor): Promise<string[]> {
  const rows = await sql.query<{ tablename: string }>(`select tablename from pg_tables where schemaname = 'public' order by tablename`);
  return rows.map((r) => r.tablename);
}

/** Empties every table and restarts the identity sequences. */
export async function truncateAll(sql: SqlExecutor): Promise<void> {
  const tables = await publicTables(sql);
  if (tables.length) await sql.exec(`truncate table ${tables.map((t) => `"${t}"`).join(', ')} restart identity cascade`);
}

/**
 * Replaces the database's contents with the deterministic demo data: Demo Bank and Northwind Credit
 * Union, 18 months of activity before 2026-11-01, with planted patterns and the investigations they
 * led to. The same scale always produces the same rows. Runs in one transaction, so an interrupted
 * seed leaves the database as it was.
 */
export async function seedDatabase(database: Database, options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const scale = SCALES[options.scale];
  if (!scale) throw new Error(`unknown seed scale ${String(options.scale)}`);
  const counts = await database.transaction(async (tx) => {
    let lap = performance.now();
    await truncateAll(tx);
    const w = new BulkWriter(tx);
    const ctx: SeedContext = { w, ids: new IdAllocator(), scale, fieldKey: options.fieldKey };
    const step = (name: string) => {
      const now = performance.now();
      options.log?.(`  ${name}: ${Math.round(now - lap)} ms`);
      lap = now;
    };
    step('truncate');
    const { demo, north } = await seedOrganisations(ctx);
    await seedDataSettings(ctx, [demo, north]);
    let demoInvestigations: Investigations | null = null;
    const events = await w.withoutIndexes(BULK_TABLES, async () => {
      const out = new Map<OrgContext, EventRefs>();
      for (const org of [demo, north]) {
        await seedRules(ctx, org);
        await seedCustomers(ctx, org);
        step(`${org.name}: customers`);
        out.set(org, await seedEvents(ctx, org));
        step(`${org.name}: events`);
      }
      for (const org of [demo, north]) await seedTypologyRules(ctx, org);
      return out;
    });
    step('indexes and foreign keys of the bulk tables');
    await w.withoutIndexes(INVESTIGATION_TABLES, async () => {
      for (const org of [demo, north]) {
        const refs = events.get(org)!;
        const inv = await seedInvestigations(ctx, org, refs);
        if (org === demo) demoInvestigations = inv;
        step(`${org.name}: investigations`);
        const sars = await seedFilings(ctx, org, inv, refs);
        await seedAnnotations(ctx, org, inv, sars, refs);
        await seedRisk(ctx, org, inv, sars);
        const exports = await seedFileExports(ctx, org);
        const fileIds = await seedFlatFiles(ctx, org);
        await seedAi(ctx, org, inv, sars, Object.values(org.rules), exports);
        await seedNotifications(ctx, org, inv, sars, exports, fileIds);
        step(`${org.name}: filings, risk, AI and the rest`);
      }
    });
    step('indexes and foreign keys of the investigation tables');
    await seedAuditAndLayouts(ctx, demo, north, demoInvestigations!);
    await tx.exec(`update transactions t set has_alerts = true where exists (select 1 from alert_transactions a where a.transaction_id = t.id)`);
    // a SAR reports the transactions of its case's alerts (as one written in the console starts with)
    await tx.exec(`insert into sar_transactions (org_id, sar_id, transaction_id)
      select distinct s.org_id, s.id, at.transaction_id from sars s
      join case_alerts ca on ca.org_id = s.org_id and ca.case_id = s.case_id
      join alert_transactions at on at.org_id = ca.org_id and at.alert_id = ca.alert_id`);
    await tx.exec(UPDATE_ENTITY_SCORES);
    await w.resetSequences();
    step('derived columns and sequences');
    // written by the product's own code over the seeded data, with the sequences in place
    const fintrac = await seedFintrac(tx, north);
    w.counts.fintrac_reports = fintrac.reports;
    w.counts.fintrac_settings = 1;
    w.counts.notifications = (w.counts.notifications ?? 0) + fintrac.notifications;
    step(`${north.name}: FINTRAC reports`);
    const slowest = Object.entries(w.timings)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6);
    options.log?.(`  slowest tables: ${slowest.map(([t, ms]) => `${t} ${Math.round(ms)} ms`).join(', ')}`);
    const all: Record<string, number> = {};
    for (const table of await publicTables(tx)) all[table] = w.counts[table] ?? 0;
    return all;
  });
  // Fresh statistics for the planner after a bulk load, and the visibility map set, without which
  // index-only scans (the alert list's counts and deep pages) read the table after all. PGlite has
  // no autovacuum to do it later.
  const analyzing = performance.now();
  await database.exec('vacuum analyze');
  options.log?.(`  vacuum analyze: ${Math.round(performance.now() - analyzing)} ms`);
  return { scale: options.scale, durationMs: Math.round(performance.now() - started), counts };
}
