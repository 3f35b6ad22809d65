import { sql, type SQL } from 'drizzle-orm';
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
 * has them (filters, the organisation): in one repeatable-read transaction the query's rows are
 * first kept in a temporary table (CREATE TEMP TABLE ... AS takes parameters), numbered in the
 * query's order, and that table is copied out in that order; it is dropped when the transaction
 * ends. PostgreSQL only: PGlite's COPY writes to its own virtual files, and its exports use the cursor.
 */

const dialect = new PgDialect();

/** Whether copyCsv can run on this database. */
export const canCopyCsv = (db: Db): boolean => databaseUrlOf(db) !== null;

/**
 * Streams the CSV rows (no header) of `query`, whose select items are named c0, c1, ... in the order
 * they are written (`columns` of them). `write` takes each chunk of bytes and answers false to stop
 * (nothing more is read; the transaction rolls back). Resolves with whether every row was written.
 */
export async function copyCsv(db: Db, query: SQL, columns: number, write: (chunk: Buffer) => Promise<boolean>): Promise<boolean> {
  const url = databaseUrlOf(db);
  if (url === null) throw new Error('copyCsv needs PostgreSQL');
  const fill = dialect.sqlToQuery(sql`create temp table vigil_copy on commit drop as select row_number() over () as vigil_n, q.* from (${query}) q`);
  const names = Array.from({ length: columns }, (_, i) => `c${i}`).join(', ');
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read');
    await client.query(fill.sql, fill.params);
    const stream = client.query(copyTo(`copy (select ${names} from vigil_copy order by vigil_n) to stdout with (format csv)`));
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (!(await write(chunk))) {
        // the connection is closed mid-copy below: PostgreSQL ends the copy and rolls back
        stream.destroy();
        return false;
      }
    }
    await client.query('commit');
    return true;
  } finally {
    // a copy stopped or failed midway leaves the connection in the copy: closing it ends both
    await client.end().catch(() => undefined);
  }
}
