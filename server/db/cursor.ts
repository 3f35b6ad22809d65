import { sql, type SQL } from 'drizzle-orm';
import { isEmbedded, type Db } from './client.js';
import { rows } from './sql.js';

/**
 * A query's rows read a batch at a time, so that a million rows are never in memory at once (file
 * exports). On PostgreSQL the query is a server-side cursor (DECLARE ... NO SCROLL CURSOR) in a
 * read-only, repeatable-read transaction on one connection: one plan and one snapshot for the
 * whole read, every batch a FETCH. PGlite has one connection, the server's: a transaction held
 * open for the length of a read would stop every request until it ends, so there each batch is a
 * query of its own, the next `batch` rows after the sort key of the last row read (keyset paging;
 * the query's order must be total, ending with a unique column).
 */

export interface RowCursor<T> {
  /** the next rows in the query's order; an empty array once every row has been read */
  next: () => Promise<T[]>;
  /** ends the read (and its transaction); safe to call more than once */
  close: () => Promise<void>;
}

export interface CursorQuery<T> {
  /**
   * The whole query, ordered. `after` is null for the first batch (and for the PostgreSQL cursor,
   * which reads everything); otherwise the last row read, after which the query must start.
   */
  query: (after: T | null) => SQL;
  /** rows per batch */
  batch: number;
}

const CURSOR_NAME = sql.raw('vigil_rows');

export function openRowCursor<T>(db: Db, q: CursorQuery<T>): RowCursor<T> {
  return isEmbedded(db) ? keysetCursor(db, q) : serverCursor(db, q);
}

function keysetCursor<T>(db: Db, q: CursorQuery<T>): RowCursor<T> {
  let last: T | null = null;
  let done = false;
  return {
    async next() {
      if (done) return [];
      const found = await rows<T>(db, sql`${q.query(last)} limit ${q.batch}`);
      if (found.length < q.batch) done = true;
      if (found.length) last = found[found.length - 1];
      return found;
    },
    close() {
      done = true;
      return Promise.resolve();
    },
  };
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

interface Ask<T> {
  close: boolean;
  resolve: (found: T[]) => void;
  reject: (error: Error) => void;
}

/**
 * The transaction runs in the background and waits for asks: each `next()` is answered by one
 * FETCH (the next one already under way), `close()` ends it. It ends by itself once a FETCH comes
 * back short.
 */
function serverCursor<T>(db: Db, q: CursorQuery<T>): RowCursor<T> {
  const asks: Ask<T>[] = [];
  let waiting: (() => void) | null = null;
  let ended = false;
  let failure: Error | null = null;
  const nextAsk = async (): Promise<Ask<T>> => {
    while (!asks.length) await new Promise<void>((resolve) => (waiting = resolve));
    return asks.shift()!;
  };
  const fetchCount = sql.raw(String(Math.max(1, Math.floor(q.batch))));
  const run = db
    .transaction(
      async (tx) => {
        await tx.execute(sql`declare ${CURSOR_NAME} no scroll cursor for ${q.query(null)}`);
        const fetchBatch = () => rows<T>(tx, sql`fetch forward ${fetchCount} from ${CURSOR_NAME}`);
        // one batch is read ahead while the caller works on the last, so the database and the
        // caller work at the same time
        let ahead = fetchBatch();
        ahead.catch(() => undefined);
        for (;;) {
          const ask = await nextAsk();
          if (ask.close) {
            await ahead.catch(() => undefined);
            ask.resolve([]);
            return;
          }
          let found: T[];
          try {
            found = await ahead;
          } catch (error) {
            ask.reject(asError(error));
            throw error;
          }
          if (found.length < q.batch) {
            ended = true;
            ask.resolve(found);
            return;
          }
          ahead = fetchBatch();
          ahead.catch(() => undefined);
          ask.resolve(found);
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    )
    .catch((error: unknown) => {
      failure = asError(error);
    })
    .finally(() => {
      ended = true;
      // whatever was asked after the end is answered: nothing more, or the failure
      for (const ask of asks.splice(0)) {
        if (failure) ask.reject(failure);
        else ask.resolve([]);
      }
    });
  const ask = (close: boolean) =>
    new Promise<T[]>((resolve, reject) => {
      if (ended) {
        if (failure && !close) reject(failure);
        else resolve([]);
        return;
      }
      asks.push({ close, resolve, reject });
      const wake = waiting;
      waiting = null;
      wake?.();
    });
  return {
    next: () => ask(false),
    async close() {
      await ask(true);
      await run;
    },
  };
}
