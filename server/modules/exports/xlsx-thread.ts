import { Worker } from 'node:worker_threads';
import type { Cell, RowWriter } from './writer.js';

/**
 * An XLSX file written in a worker thread (xlsx-worker.ts) while the export's thread reads the next
 * rows. Two pages may be on their way at once; the third waits until the first is written, so the
 * thread never holds more than that (and exceljs's own buffers, which it bounds).
 */

const IN_FLIGHT = 2;

type Reply = { type: 'written' } | { type: 'closed' } | { type: 'failed'; message: string };

export function xlsxThreadWriter(path: string, header: readonly string[], sheetRows: number): RowWriter {
  // the thread's entry loads the TypeScript sources through tsx, as the server's does
  const worker = new Worker(new URL('./xlsx-worker-entry.mjs', import.meta.url), {
    workerData: { path, header: [...header], sheetRows },
    execArgv: [],
  });
  let failure: Error | null = null;
  let inFlight = 0;
  const waiting: Array<{ resolve: () => void; reject: (e: Error) => void }> = [];
  let closed: { resolve: () => void; reject: (e: Error) => void } | null = null;
  const fail = (error: Error) => {
    failure ??= error;
    for (const w of waiting.splice(0)) w.reject(failure);
    closed?.reject(failure);
  };
  worker.on('message', (reply: Reply) => {
    if (reply.type === 'written') {
      inFlight -= 1;
      waiting.shift()?.resolve();
    } else if (reply.type === 'closed') closed?.resolve();
    else fail(new Error(reply.message));
  });
  worker.on('error', (e) => fail(e));
  worker.on('exit', (code) => {
    if (code !== 0) fail(new Error(`the XLSX writer stopped (${code})`));
  });
  const finish = async (type: 'close' | 'abort') => {
    if (failure && type === 'close') throw failure;
    const done = new Promise<void>((resolve, reject) => (closed = { resolve, reject }));
    worker.postMessage({ type });
    try {
      await done;
    } finally {
      await worker.terminate();
    }
  };
  return {
    async write(rows) {
      if (failure) throw failure;
      if (inFlight >= IN_FLIGHT) await new Promise<void>((resolve, reject) => waiting.push({ resolve, reject }));
      inFlight += 1;
      worker.postMessage({ type: 'rows', rows: rows as Cell[][] });
    },
    close: () => finish('close'),
    async abort() {
      await finish('abort').catch(() => undefined);
    },
  };
}
