import { Worker } from 'node:worker_threads';
import type { CellKind } from './csv-cells.js';
import type { Cell, CsvBytesWriter, RowWriter } from './writer.js';

/**
 * An XLSX file written in a worker thread (xlsx-worker.ts) while the export's thread reads on.
 * A few messages may be on their way at once; the next waits until the first is written, so the
 * thread never holds more than those (and exceljs's own buffers, which it bounds).
 */

/** V8's young generation for the writer's thread: its default on 64-bit machines (16 MB semi-spaces). */
const WRITER_YOUNG_GENERATION_MB = 48;

type Reply = { type: 'written' } | { type: 'closed' } | { type: 'failed'; message: string };

interface Thread {
  /** sends one message, waiting first while `inFlight` are unwritten */
  send: (message: object, transfer?: ArrayBuffer[]) => Promise<void>;
  finish: (type: 'close' | 'abort') => Promise<void>;
}

function xlsxThread(path: string, header: readonly string[], sheetRows: number, kinds: CellKind[] | null, inFlight: number): Thread {
  // the thread's entry loads the TypeScript sources through tsx, as the server's does
  const worker = new Worker(new URL('./xlsx-worker-entry.mjs', import.meta.url), {
    workerData: { path, header: [...header], sheetRows, kinds },
    execArgv: [],
    // the server's young generation is kept small (server/runtime.ts); exceljs makes a page's XML
    // in many short-lived strings, and this thread gets V8's usual room for them
    resourceLimits: { maxYoungGenerationSizeMb: WRITER_YOUNG_GENERATION_MB },
  });
  let failure: Error | null = null;
  let sent = 0;
  const waiting: Array<{ resolve: () => void; reject: (e: Error) => void }> = [];
  let closed: { resolve: () => void; reject: (e: Error) => void } | null = null;
  const fail = (error: Error) => {
    failure ??= error;
    for (const w of waiting.splice(0)) w.reject(failure);
    closed?.reject(failure);
  };
  worker.on('message', (reply: Reply) => {
    if (reply.type === 'written') {
      sent -= 1;
      waiting.shift()?.resolve();
    } else if (reply.type === 'closed') closed?.resolve();
    else fail(new Error(reply.message));
  });
  worker.on('error', (e) => fail(e));
  worker.on('exit', (code) => {
    if (code !== 0) fail(new Error(`the XLSX writer stopped (${code})`));
  });
  return {
    async send(message, transfer) {
      if (failure) throw failure;
      if (sent >= inFlight) await new Promise<void>((resolve, reject) => waiting.push({ resolve, reject }));
      sent += 1;
      worker.postMessage(message, transfer);
    },
    async finish(type) {
      if (failure && type === 'close') throw failure;
      const done = new Promise<void>((resolve, reject) => (closed = { resolve, reject }));
      worker.postMessage({ type });
      try {
        await done;
      } finally {
        await worker.terminate();
      }
    },
  };
}

/** Pages of rows: two may be on their way at once. */
export function xlsxThreadWriter(path: string, header: readonly string[], sheetRows: number): RowWriter {
  const thread = xlsxThread(path, header, sheetRows, null, 2);
  return {
    write: (rows) => thread.send({ type: 'rows', rows: rows as Cell[][] }),
    close: () => thread.finish('close'),
    abort: () => thread.finish('abort').catch(() => undefined),
  };
}

/**
 * PostgreSQL's CSV of the rows (server/db/copy.ts), read back in the thread into cells of the
 * columns' kinds: this thread only copies the bytes over. Sixty-four chunks (some eight megabytes
 * of the copy's, about 60,000 rows) may be on their way at once, so that the writer still has
 * rows in hand while the database is slow to answer.
 */
export function xlsxCsvThreadWriter(path: string, header: readonly string[], sheetRows: number, kinds: CellKind[]): CsvBytesWriter {
  const thread = xlsxThread(path, header, sheetRows, kinds, 64);
  return {
    write(chunk) {
      // a copy of its own, handed over whole: the chunk may share its memory with others
      const bytes = new Uint8Array(chunk);
      return thread.send({ type: 'bytes', bytes }, [bytes.buffer]);
    },
    close: () => thread.finish('close'),
    abort: () => thread.finish('abort').catch(() => undefined),
  };
}
