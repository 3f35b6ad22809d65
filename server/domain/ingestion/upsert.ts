import { sql, type SQL } from 'drizzle-orm';
import { rows as rowsOf, type SqlRunner } from '../../lib/sql.js';
import type { ObjectType } from './fields.js';
import type { ParsedRow } from './rows.js';

/**
 * Batched upserts by (org_id, external_id): one statement writes a whole batch, its rows passed as
 * one JSON document and read with jsonb_to_recordset (the same on PGlite and PostgreSQL). The file
 * is the truth for the columns it maps; columns it does not map keep their stored value, and custom
 * values merge into formatted_data. Entities and instruments a row refers to that do not exist yet
 * are created as placeholders first (named by their external id), so no reference is dropped.
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

/** Creates the entities and instruments the rows name that do not exist yet. */
async function placeholders(tx: SqlRunner, orgId: number, type: ObjectType, rows: readonly ParsedRow[]): Promise<void> {
  const wanted = {
    entities: new Set<string>(),
    instruments: new Set<string>(),
  };
  for (const c of SPECS[type].columns) {
    if (!c.ref) continue;
    for (const r of rows) {
      const v = r.fields[c.field];
      if (v !== undefined && v !== null && v !== '') wanted[c.ref].add(String(v));
    }
  }
  if (wanted.entities.size) {
    await tx.execute(
      sql`insert into entities (org_id, external_id, entity_type, name_readable)
        select ${orgId}, x, 'user', x from jsonb_array_elements_text(${JSON.stringify([...wanted.entities])}::jsonb) as x
        on conflict (org_id, external_id) do nothing`,
    );
  }
  if (wanted.instruments.size) {
    await tx.execute(
      sql`insert into instruments (org_id, external_id, instrument_type)
        select ${orgId}, x, 'account' from jsonb_array_elements_text(${JSON.stringify([...wanted.instruments])}::jsonb) as x
        on conflict (org_id, external_id) do nothing`,
    );
  }
}

/**
 * Writes the batch. Rows with the same external id in one batch collapse to the last one (the
 * file's later row wins, as it would row by row). `mapped` names the native fields the file maps.
 */
export async function upsertBatch(tx: SqlRunner, orgId: number, type: ObjectType, rows: readonly ParsedRow[], mapped: ReadonlySet<string>): Promise<number[]> {
  if (!rows.length) return [];
  const last = new Map<string, ParsedRow>();
  for (const r of rows) last.set(String(r.fields.external_id), r);
  const unique = [...last.values()];
  await placeholders(tx, orgId, type, unique);
  const spec = SPECS[type];
  const records = unique.map((r) => {
    const o: Record<string, unknown> = {
      external_id: r.fields.external_id,
      data: r.data,
    };
    for (const c of spec.columns) if (r.fields[c.field] !== undefined) o[c.field] = r.fields[c.field];
    return o;
  });
  const recordType = sql.raw(['external_id text', 'data jsonb', ...spec.columns.map((c) => `${c.field} ${c.type}`)].join(', '));
  const joins: SQL[] = [];
  const values: SQL[] = [];
  spec.columns.forEach((c, i) => {
    if (c.ref) {
      const alias = sql.raw(`r${i}`);
      joins.push(sql` left join ${sql.raw(c.ref)} ${alias} on ${alias}.org_id = ${orgId} and ${alias}.external_id = s.${sql.raw(c.field)}`);
      values.push(sql`${alias}.id`);
    } else values.push(c.fallback ? sql`coalesce(s.${sql.raw(c.field)}, ${sql.raw(c.fallback)})` : sql`s.${sql.raw(c.field)}`);
  });
  const updates = spec.columns.filter((c) => mapped.has(c.field)).map((c) => sql`${sql.raw(c.name)} = excluded.${sql.raw(c.name)}`);
  updates.push(sql`formatted_data = t.formatted_data || excluded.formatted_data`);
  const written = await rowsOf<{ id: number }>(tx, sql`
    insert into ${sql.raw(spec.table)} as t (org_id, external_id, formatted_data, ${sql.raw(spec.columns.map((c) => c.name).join(', '))})
    select ${orgId}, s.external_id, coalesce(s.data, '{}'::jsonb), ${sql.join(values, sql`, `)}
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as s(${recordType})${sql.join(joins, sql``)}
    on conflict (org_id, external_id) do update set ${sql.join(updates, sql`, `)}
    ${type === 'entities' ? sql`returning t.id` : sql``}`);
  return written.map((r) => r.id);
}
