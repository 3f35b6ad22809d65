import type { SQL } from 'drizzle-orm';

/** The part of a Drizzle database both drivers share and that raw queries need. */
export interface SqlRunner {
  execute(query: SQL): Promise<unknown>;
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
  unsafe(text: string, params: unknown[], options: { prepare: boolean }): Promise<unknown[]>;
}
interface DrizzleWithClient {
  $client?: unknown;
  dialect?: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
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

/**
 * A timestamp from a raw query as an ISO-8601 string. Drivers answer Date objects or Postgres text
 * (`2026-11-01 12:00:00.5+00`) depending on the path, so both are accepted.
 */
export function iso(value: Date | string): string;
export function iso(value: Date | string | null | undefined): string | null;
export function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  const normalised = value.includes('T') ? value : value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00');
  return new Date(normalised).toISOString();
}
