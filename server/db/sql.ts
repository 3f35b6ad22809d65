import { sql, type SQL } from 'drizzle-orm';
import type { components } from '../../openapi/schema.js';
import { notFound } from '../lib/errors.js';

/**
 * The SQL toolkit every query shares: running raw queries on either driver, timestamps, id lists
 * and array parameters, the int4 range of ids, and paging.
 */

/** The part of a Drizzle database both drivers share and that raw queries need. */
export interface SqlRunner {
  execute: (query: SQL) => Promise<unknown>;
}

/**
 * Runs a parameterised query and returns its rows. PGlite answers `{ rows }` and postgres-js an
 * array; callers see plain rows either way. Cast bigint results (`count(*)::int`) in SQL, because
 * the two drivers decode int8 differently.
 */
export async function rows<T>(db: SqlRunner, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

export async function firstRow<T>(db: SqlRunner, query: SQL): Promise<T | undefined> {
  return (await rows<T>(db, query))[0];
}

interface PostgresJsLike {
  unsafe: (text: string, params: unknown[], options: { prepare: boolean }) => Promise<unknown[]>;
}
interface DrizzleWithClient {
  $client?: unknown;
  dialect?: { sqlToQuery: (query: SQL) => { sql: string; params: unknown[] } };
}

/**
 * rows() for a hot query whose text does not change between calls (lists go in one array
 * parameter): on PostgreSQL it runs as a prepared statement, parsed and planned once per
 * connection instead of on every request (drizzle's execute() plans each time). On PGlite, and in
 * a transaction, it is rows().
 */
export async function preparedRows<T>(db: SqlRunner, query: SQL): Promise<T[]> {
  const { $client: client, dialect } = db as SqlRunner & DrizzleWithClient;
  if (!dialect || typeof (client as Partial<PostgresJsLike> | undefined)?.unsafe !== 'function') return rows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (await (client as PostgresJsLike).unsafe(text, params, { prepare: true })) as T[];
}

/** A timestamp column as read by raw SQL: a Date on postgres-js, a string on PGlite. */
export type Ts = Date | string;

/**
 * A timestamp from a raw query (a column or a json aggregate) as an ISO-8601 string. Drivers answer
 * Date objects or Postgres text (`2026-11-01 12:00:00.5+00`) depending on the path, so both are
 * accepted.
 */
export function iso(value: Ts): string;
export function iso(value: Ts | null | undefined): string | null;
export function iso(value: Ts | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  const normalised = value.includes('T') ? value : value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00');
  return new Date(normalised).toISOString();
}

/** `(1, 2, 3)` for `in` lists of parameters; callers never pass an empty list. */
export const idList = (values: readonly (number | string)[]): SQL =>
  sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;

/** A Postgres int[] parameter (for `= any(...)`). */
export const intArray = (values: readonly number[]) => sql`${sql.param([...values])}::int[]`;
/** A Postgres text[] parameter. */
export const textArray = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;

/** Keeps found rows in the order of the requested ids (ids not found are skipped). */
export function inOrder<T extends { id: number }>(ids: readonly number[], found: T[]): T[] {
  const byId = new Map(found.map((r) => [r.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/** Ids are int4 columns: a larger id (the contract sets no maximum) names nothing. */
export const MAX_ID = 2_147_483_647;
export const validIds = (ids: readonly number[]) => ids.filter((id) => id <= MAX_ID);
/** The id, or 404 for the object named by `label` when it is beyond the int4 range. */
export function assertId(id: number, label: string): number {
  if (id > MAX_ID) throw notFound(label);
  return id;
}

/** A request's limit and offset, with the list's default limit. */
export const page = (q: { limit?: number; offset?: number } | undefined, defaultLimit = 100) => ({
  limit: q?.limit ?? defaultLimit,
  offset: q?.offset ?? 0,
});

// ---------------------------------------------------------------------------------------------
// List filters and sorting (the alert and case lists). Ids above the int4 range name nothing: they
// are dropped rather than sent to the database.
// ---------------------------------------------------------------------------------------------

/** `col in (...)`, or false when nothing can match. */
export function anyOf(col: SQL, ids: readonly number[] | undefined): SQL | null {
  if (!ids?.length) return null;
  const valid = validIds(ids);
  return valid.length ? sql`${col} in ${idList(valid)}` : sql`false`;
}

/** Assignee filter: agent ids, and -1 for "Unassigned". */
export function assigneeFilter(col: SQL, ids: readonly number[] | undefined): SQL | null {
  if (!ids?.length) return null;
  const agents = validIds(ids.filter((id) => id !== -1));
  const parts = [ids.includes(-1) ? sql`${col} is null` : null, agents.length ? sql`${col} in ${idList(agents)}` : null].filter((c) => c !== null);
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

export function createdFilter(col: SQL, from: string | undefined, to: string | undefined): SQL[] {
  return [from ? sql`${col} >= ${from}::timestamptz` : null, to ? sql`${col} < ${to}::timestamptz` : null].filter((c) => c !== null);
}

/**
 * ORDER BY for a sort key and direction, ties broken by id in the same direction. Empty values
 * (no deadline, no amount, no score) come last in both directions. A key that is never empty
 * (`nullable` false) is written without "nulls last": the same order, but one an ascending index
 * also gives when scanned backwards, so the planner can read the page off the index.
 */
export function orderBy(key: SQL, idCol: SQL, direction: components['schemas']['SortDirection'] | undefined, nullable = true): SQL {
  const dir = sql.raw(direction === 'ascending' ? 'asc' : 'desc');
  return nullable ? sql`${key} ${dir} nulls last, ${idCol} ${dir}` : sql`${key} ${dir}, ${idCol} ${dir}`;
}

export const where = (conditions: Array<SQL | null>) =>
  sql.join(
    conditions.filter((c) => c !== null),
    sql` and `,
  );
