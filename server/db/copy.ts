import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { databaseUrlOf, type Db } from './client.js';

/**
 * A query's rows as CSV written by PostgreSQL itself (COPY ... TO STDOUT WITH (FORMAT csv)): the
 * database formats and quotes every field and the server passes the bytes on, so a million-row
 * export runs at the database's speed rather than one Node thread's.
 *
 * The copy runs on a connection of its own through node-postgres and pg-copy-streams, whose COPY
 * stream waits for its reader to the end (postgres-js's leaves its connection stalled when the
 * reader is slower than the database as the copy ends). COPY takes no parameters, and the query
 * has them (filters, the organisation): they are written into the query as literals, which only
 * plain values can be (inlineParams: numbers, booleans, strings, arrays of them); a query with
 * another kind of parameter is not copied (copyable). One statement, so one snapshot: the file is
 * the list as it stood when the copy began. PostgreSQL only: PGlite's COPY writes to its own
 * virtual files, and its exports use the cursor.
 */

/** A plain value as a PostgreSQL literal (standard_conforming_strings on); null when it is not plain. */
function literal(value: unknown): string | null {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return Number.isFinite(value) ? `(${String(value)})` : null;
  if (typeof value === 'bigint') return `(${value.toString()})`;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : literal(value.toISOString());
  if (typeof value === 'string') return value.includes('\0') ? null : `'${value.replace(/'/g, "''")}'`;
  if (Array.isArray(value)) {
    if (value.length === 0) return `'{}'`;
    const items = value.map(literal);
    return items.every((i): i is string => i !== null) && value.every((v) => !Array.isArray(v)) ? `ARRAY[${items.join(', ')}]` : null;
  }
  return null;
}

/**
 * The query's text with its parameters ($1, $2, ... as drizzle writes them; the text itself holds
 * no other $ followed by a digit) written in as literals; null when a parameter is not a plain value.
 */
export function inlineParams(text: string, params: readonly unknown[]): string | null {
  const literals = params.map(literal);
  if (!literals.every((l): l is string => l !== null)) return null;
  let bad = false;
  const out = text.replace(/\$(\d+)/g, (_, n: string) => {
    const at = Number(n) - 1;
    if (at < 0 || at >= literals.length) bad = true;
    return literals[at] ?? '';
  });
  return bad ? null : out;
}

const dialect = new PgDialect();

/** Whether copyCsv can run `query` on this database: PostgreSQL, and only plain parameters. */
export function copyable(db: Db, query: SQL): boolean {
  if (databaseUrlOf(db) === null) return false;
  const { sql: text, params } = dialect.sqlToQuery(query);
  return inlineParams(text, params) !== null;
}

/**
 * Streams the CSV rows (no header) of `query`, whose select items are named c0, c1, ... in the order
 * they are written (`columns` of them). `write` takes each chunk of bytes and answers false to stop
 * (nothing more is read; the transaction rolls back). Resolves with whether every row was written.
 */
export async function copyCsv(db: Db, query: SQL, columns: number, write: (chunk: Buffer) => Promise<boolean>): Promise<boolean> {
  const url = databaseUrlOf(db);
  if (url === null) throw new Error('copyCsv needs PostgreSQL');
  const plain = dialect.sqlToQuery(query);
  const names = Array.from({ length: columns }, (_, i) => `c${i}`).join(', ');
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('set standard_conforming_strings = on');
    // PostgreSQL's JIT compiles an export's many column expressions before the first row, some
    // four seconds of a five-second copy of the large data, and the copy runs once: not worth it
    await client.query('set jit = off');
    const inlined = inlineParams(plain.sql, plain.params);
    if (inlined === null) throw new Error('copyCsv: the query has a parameter that is not a plain value');
    const copy = `copy (select ${names} from (${inlined}) q) to stdout with (format csv)`;
    const stream = client.query(copyTo(copy));
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (!(await write(chunk))) {
        // the connection is closed mid-copy below, which ends the copy
        stream.destroy();
        return false;
      }
    }
    return true;
  } finally {
    // a copy stopped or failed midway leaves the connection in the copy: closing it ends it
    await client.end().catch(() => undefined);
  }
}
