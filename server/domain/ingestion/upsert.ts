import { sql } from 'drizzle-orm';
import { rows as rowsOf, type SqlRunner } from '../../lib/sql.js';
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

/** A job remembers this many resolved references per table before it starts over. */
const REF_CACHE_LIMIT = 200_000;

/**
 * The ids of the entities and instruments a job's rows name, by external id, so a file that names
 * the same parties again and again resolves each once rather than once a batch. Ids resolved in a
 * batch are pending until its transaction commits (a rolled-back batch may have created
 * placeholders that no longer exist); entities and instruments are never deleted, so a committed id
 * stays right for the job's life.
 */
export class RefIds {
  private readonly known: Record<RefTable, Map<string, number>> = { entities: new Map(), instruments: new Map() };
  private pending: Record<RefTable, Map<string, number>> = { entities: new Map(), instruments: new Map() };

  get(table: RefTable, externalId: string): number | undefined {
    return this.known[table].get(externalId) ?? this.pending[table].get(externalId);
  }

  set(table: RefTable, externalId: string, id: number): void {
    this.pending[table].set(externalId, id);
  }

  /** The batch committed: its ids are kept. */
  commit(): void {
    for (const table of ['entities', 'instruments'] as const) {
      const known = this.known[table];
      if (known.size + this.pending[table].size > REF_CACHE_LIMIT) known.clear();
      for (const [k, v] of this.pending[table]) known.set(k, v);
    }
    this.rollback();
  }

  /** The batch rolled back: the ids it resolved are forgotten. */
  rollback(): void {
    this.pending = { entities: new Map(), instruments: new Map() };
  }
}

/**
 * Resolves the references the rows name to ids, creating the entities and instruments that do not
 * exist yet as placeholders (named by their external id).
 */
async function resolveRefs(tx: SqlRunner, orgId: number, type: ObjectType, rows: readonly ParsedRow[], ids: RefIds): Promise<void> {
  const missing: Record<RefTable, Set<string>> = { entities: new Set(), instruments: new Set() };
  for (const c of SPECS[type].columns) {
    if (!c.ref) continue;
    for (const r of rows) {
      const v = r.fields[c.field];
      if (v !== undefined && v !== null && v !== '' && ids.get(c.ref, String(v)) === undefined) missing[c.ref].add(String(v));
    }
  }
  for (const table of ['entities', 'instruments'] as const) {
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
 */
export async function upsertBatch(tx: SqlRunner, orgId: number, type: ObjectType, rows: readonly ParsedRow[], mapped: ReadonlySet<string>, ids: RefIds): Promise<number[]> {
  if (!rows.length) return [];
  const last = new Map<string, ParsedRow>();
  for (const r of rows) last.set(String(r.fields.external_id), r);
  const unique = [...last.values()];
  await resolveRefs(tx, orgId, type, unique, ids);
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
  const written = await rowsOf<{ id: number }>(tx, sql`
    insert into ${sql.raw(spec.table)} as t (org_id, external_id, formatted_data, ${sql.raw(spec.columns.map((c) => c.name).join(', '))})
    select ${orgId}, s.external_id, coalesce(s.data, '{}'::jsonb), ${sql.join(values, sql`, `)}
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as s(${recordType})
    on conflict (org_id, external_id) do update set ${sql.join(updates, sql`, `)}
    ${type === 'entities' ? sql`returning t.id` : sql``}`);
  return written.map((r) => r.id);
}
