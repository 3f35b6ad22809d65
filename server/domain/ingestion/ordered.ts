import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { SqlRunner } from '../../db/sql.js';

/**
 * A batch's work: its transaction, and a call that waits until the batch before it has committed
 * (and fails if that batch failed). Whatever must follow the previous batch (the execution's
 * counts and last_row_number, the error log, new placeholder parties) runs after that call.
 */
export type BatchWork = (tx: SqlRunner, previousCommitted: () => Promise<void>) => Promise<void>;

interface InFlight {
  seq: number;
  done: Promise<void>;
}

/**
 * Writes an ingestion job's batches one transaction each, committed in file order.
 *
 * With `overlap` (PostgreSQL, real runs), a batch's transaction starts while the batch before it is
 * still being written: the database does most of a batch's work (its rows' index entries and
 * reference checks) on one connection while the previous batch finishes on another, so a file
 * uses both cores instead of one. At most two batches are in flight. Each batch holds a
 * transaction-scoped advisory lock named after the execution and its number; a batch waits for the
 * one before it by asking for that lock, so the wait is one the database sees: should a batch and
 * some other transaction ever wait on each other through it, the deadlock detector ends one of them
 * (the job retries) instead of both waiting forever.
 *
 * Without `overlap` (PGlite's single connection, dry runs, which write no rows), each batch is
 * written and committed before the next is read, as before.
 */
export class OrderedBatches {
  private previous: InFlight | null = null;
  private seq = 0;
  /** transactions not yet settled */
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    /** names the job's locks; unique per execution */
    private readonly key: string,
    private readonly overlap: boolean,
  ) {}

  /**
   * Starts the batch and answers once it may be followed: once it has committed, or with
   * `overlap` once the batch before it has (so the caller reads the next batch while this one is
   * written). Rejects with the first failure, after every batch in flight has settled.
   * `committed` runs when the batch's transaction has committed, before any later batch goes on.
   */
  async write(work: BatchWork, committed: () => void): Promise<void> {
    const seq = ++this.seq;
    if (!this.overlap) {
      await this.db.transaction((tx) => work(tx, async () => {}));
      committed();
      return;
    }
    const prev = this.previous;
    const lockName = (n: number) => `ingestion_batch:${this.key}:${n}`;
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const done = this.db
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lockName(seq)}))`);
        locked();
        let waited: Promise<void> | null = null;
        const previousCommitted = () =>
          (waited ??= prev
            ? (async () => {
                await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lockName(prev.seq)}))`);
                await prev.done;
              })()
            : Promise.resolve());
        await work(tx, previousCommitted);
        // nothing commits before the batch ahead of it
        await previousCommitted();
      })
      .then(committed);
    // a failure is answered by write() (this batch's or the next one's) or by finish()
    const settled = done.catch(() => {});
    this.running.add(settled);
    void settled.then(() => this.running.delete(settled));
    this.previous = { seq, done };
    try {
      // the next batch may only start once this one holds its lock
      await Promise.race([lockTaken, done]);
      if (prev) await prev.done;
    } catch (err) {
      await this.settle();
      throw err;
    }
  }

  /** Waits for the last batch; rejects if it failed. */
  async finish(): Promise<void> {
    if (this.previous) await this.previous.done;
  }

  /** Waits until no batch is in flight, whatever became of them. */
  async settle(): Promise<void> {
    await Promise.all([...this.running]);
  }
}
