import { sql } from 'drizzle-orm';
import { rows as rowsOf, type SqlRunner } from '../../db/sql.js';
import type { ObjectType } from './fields.js';
import type { ParsedRow } from './rows.js';

/**
 * Batched upserts by (org_id, external_id): one statement writes a whole batch, its rows passed as
 * one JSON document and read with jsonb_to_recordset (the same on PGlite and PostgreSQL). The file
 * is the truth for the columns it maps; columns it does not map keep their stored value, and custom
 * values merge into formatted_data. Entities and instruments a row refers to that do not exist yet
 * are created as placeholders first (named by their external id), so no reference is dropped; the
 * job keeps the ids it resolved (RefIds), so each party is looked up once a file, not once a batch.
 * An entities batch answers the ids it wrote, so they can be scored under the active risk model.
 */

interface Column {
  /** the table's column */
  name: string;
  /** the native field it comes from */
  field: string;
  /** SQL type in the JSON record */
  type: string;
  /** used on insert when the file has no value */
  fallback?: string;
  /** a reference: resolved to the id of the entity or instrument with that external id */
  ref?: 'entities' | 'instruments';
}

const SPECS: Record<ObjectType, { table: string; columns: Column[] }> = {
  transactions: {
    table: 'transactions',
    columns: [
      { name: 'event_time', field: 'event_time', type: 'timestamptz' },
      { name: 'amount', field: 'amount', type: 'numeric' },
      { name: 'currency', field: 'currency', type: 'text', fallback: `'USD'` },
      {
        name: 'status',
        field: 'status',
        type: 'text',
        fallback: `'COMPLETED'`,
      },
      { name: 'internal_txn_type', field: 'internal_txn_type', type: 'text' },
      {
        name: 'sender_entity_id',
        field: 'sender_entity',
        type: 'text',
        ref: 'entities',
      },
      {
        name: 'receiver_entity_id',
        field: 'receiver_entity',
        type: 'text',
        ref: 'entities',
      },
      {
        name: 'sender_instrument_id',
        field: 'sender_instrument',
        type: 'text',
        ref: 'instruments',
      },
      {
        name: 'receiver_instrument_id',
        field: 'receiver_instrument',
        type: 'text',
        ref: 'instruments',
      },
      { name: 'ip_address', field: 'ip_address', type: 'text' },
      { name: 'device_id', field: 'device_id', type: 'text' },
    ],
  },
  entities: {
    table: 'entities',
    columns: [
      { name: 'name_readable', field: 'name_readable', type: 'text' },
      {
        name: 'entity_type',
        field: 'entity_type',
        type: 'text',
        fallback: `'user'`,
      },
      { name: 'status', field: 'status', type: 'text', fallback: `'ACTIVE'` },
      { name: 'email', field: 'email', type: 'text' },
      { name: 'phone', field: 'phone', type: 'text' },
      { name: 'registered_at', field: 'registered_at', type: 'timestamptz' },
      { name: 'org_type', field: 'org_type', type: 'text' },
    ],
  },
  instruments: {
    table: 'instruments',
    columns: [
      { name: 'instrument_type', field: 'instrument_type', type: 'text' },
      { name: 'status', field: 'status', type: 'text', fallback: `'ACTIVE'` },
      { name: 'entity_id', field: 'entity', type: 'text', ref: 'entities' },
    ],
  },
  action_events: {
    table: 'action_events',
    columns: [
      { name: 'event_time', field: 'event_time', type: 'timestamptz' },
      { name: 'action_type', field: 'action_type', type: 'text' },
      { name: 'entity_id', field: 'entity', type: 'text', ref: 'entities' },
      {
        name: 'instrument_id',
        field: 'instrument',
        type: 'text',
        ref: 'instruments',
      },
      { name: 'ip_address', field: 'ip_address', type: 'text' },
      { name: 'device_fingerprint', field: 'device_fingerprint', type: 'text' },
    ],
  },
};

type RefTable = 'entities' | 'instruments';
const REF_TABLES = ['entities', 'instruments'] as const;

/** A job remembers this many resolved references per table before it starts over. */
const REF_CACHE_LIMIT = 200_000;

/**
 * The ids of the entities and instruments a job's rows name, by external id, so a file that names
 * the same parties again and again resolves each once rather than once a batch. Only committed
 * batches' ids are kept (a rolled-back batch may have created placeholders that no longer exist);
 * entities and instruments are never deleted, so a kept id stays right for the job's life.
 */
export class RefIds {
  private readonly known: Record<RefTable, Map<string, number>> = { entities: new Map(), instruments: new Map() };

  /** A batch's own view, which takes the kept ids it needs when it starts. */
  forBatch(): BatchRefIds {
    return new BatchRefIds(this.known, (resolved) => this.keep(resolved));
  }

  private keep(resolved: Record<RefTable, Map<string, number>>): void {
    for (const table of REF_TABLES) {
      const known = this.known[table];
      if (known.size + resolved[table].size > REF_CACHE_LIMIT) known.clear();
      for (const [k, v] of resolved[table]) known.set(k, v);
    }
  }
}

/**
 * The references of one batch. take() copies the ids the job has kept, so a batch written while
 * another commits (and the job's memory starts over) still has every id it counted on; the ids
 * the batch resolves itself are kept for the job when it commits.
 */
export class BatchRefIds {
  private readonly ids: Record<RefTable, Map<string, number>> = { entities: new Map(), instruments: new Map() };
  private readonly resolved: Record<RefTable, Map<string, number>> = { entities: new Map(), instruments: new Map() };

  constructor(
    private readonly known: Readonly<Record<RefTable, ReadonlyMap<string, number>>>,
    private readonly keep: (resolved: Record<RefTable, Map<string, number>>) => void,
  ) {}

  /** Takes the kept ids of the references the rows name; answers the ones no committed batch has resolved. */
  take(type: ObjectType, rows: readonly ParsedRow[]): Record<RefTable, Set<string>> {
    const missing: Record<RefTable, Set<string>> = { entities: new Set(), instruments: new Set() };
    for (const c of SPECS[type].columns) {
      if (!c.ref) continue;
      for (const r of rows) {
        const v = r.fields[c.field];
        if (v === undefined || v === null || v === '') continue;
        const ext = String(v);
        if (this.ids[c.ref].has(ext)) continue;
        const id = this.known[c.ref].get(ext);
        if (id === undefined) missing[c.ref].add(ext);
        else this.ids[c.ref].set(ext, id);
      }
    }
    return missing;
  }

  get(table: RefTable, externalId: string): number | undefined {
    return this.ids[table].get(externalId);
  }

  set(table: RefTable, externalId: string, id: number): void {
    this.ids[table].set(externalId, id);
    this.resolved[table].set(externalId, id);
  }

  /** The batch committed: the ids it resolved are kept for the job's later batches. */
  commit(): void {
    this.keep(this.resolved);
  }
}

/**
 * Resolves references to ids, creating the entities and instruments that do not exist yet as
 * placeholders (named by their external id).
 */
async function resolveRefs(tx: SqlRunner, orgId: number, missing: Record<RefTable, Set<string>>, ids: BatchRefIds): Promise<void> {
  for (const table of REF_TABLES) {
    if (!missing[table].size) continue;
    const wanted = JSON.stringify([...missing[table]]);
    await tx.execute(
      table === 'entities'
        ? sql`insert into entities (org_id, external_id, entity_type, name_readable)
            select ${orgId}, x, 'user', x from jsonb_array_elements_text(${wanted}::jsonb) as x
            on conflict (org_id, external_id) do nothing`
        : sql`insert into instruments (org_id, external_id, instrument_type)
            select ${orgId}, x, 'account' from jsonb_array_elements_text(${wanted}::jsonb) as x
            on conflict (org_id, external_id) do nothing`,
    );
    const found = await rowsOf<{ id: number; external_id: string }>(
      tx,
      sql`select t.id, t.external_id from ${sql.raw(table)} t join jsonb_array_elements_text(${wanted}::jsonb) as x on t.external_id = x
        where t.org_id = ${orgId}`,
    );
    for (const f of found) ids.set(table, f.external_id, f.id);
  }
}

/**
 * Writes the batch. Rows with the same external id in one batch collapse to the last one (the
 * file's later row wins, as it would row by row). `mapped` names the native fields the file maps.
 * A batch that names parties no earlier batch resolved calls `beforeNewParties` first (the job
 * waits there for the batch before it to commit, which may be creating the same placeholders).
 */
export async function upsertBatch(
  tx: SqlRunner,
  orgId: number,
  type: ObjectType,
  rows: readonly ParsedRow[],
  mapped: ReadonlySet<string>,
  ids: BatchRefIds,
  beforeNewParties: () => Promise<void> = async () => {},
): Promise<number[]> {
  if (!rows.length) return [];
  const last = new Map<string, ParsedRow>();
  for (const r of rows) last.set(String(r.fields.external_id), r);
  const unique = [...last.values()];
  const missing = ids.take(type, unique);
  if (missing.entities.size || missing.instruments.size) {
    await beforeNewParties();
    await resolveRefs(tx, orgId, missing, ids);
  }
  const spec = SPECS[type];
  const records = unique.map((r) => {
    const o: Record<string, unknown> = {
      external_id: r.fields.external_id,
      data: r.data,
    };
    for (const c of spec.columns) {
      const v = r.fields[c.field];
      if (v === undefined) continue;
      // a reference travels as the id it resolved to (none for an empty value)
      o[c.field] = c.ref ? (v === null || v === '' ? null : ids.get(c.ref, String(v))) : v;
    }
    return o;
  });
  const recordType = sql.raw(['external_id text', 'data jsonb', ...spec.columns.map((c) => `${c.field} ${c.ref ? 'int' : c.type}`)].join(', '));
  const values = spec.columns.map((c) => (c.fallback ? sql`coalesce(s.${sql.raw(c.field)}, ${sql.raw(c.fallback)})` : sql`s.${sql.raw(c.field)}`));
  const updates = spec.columns.filter((c) => mapped.has(c.field)).map((c) => sql`${sql.raw(c.name)} = excluded.${sql.raw(c.name)}`);
  updates.push(sql`formatted_data = t.formatted_data || excluded.formatted_data`);
  const written = await rowsOf<{ id: number }>(
    tx,
    sql`
    insert into ${sql.raw(spec.table)} as t (org_id, external_id, formatted_data, ${sql.raw(spec.columns.map((c) => c.name).join(', '))})
    select ${orgId}, s.external_id, coalesce(s.data, '{}'::jsonb), ${sql.join(values, sql`, `)}
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as s(${recordType})
    on conflict (org_id, external_id) do update set ${sql.join(updates, sql`, `)}
    ${type === 'instruments' ? sql`` : sql`returning t.id`}`,
  );
  return written.map((r) => r.id);
}
