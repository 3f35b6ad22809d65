import { parentPort, workerData } from 'node:worker_threads';
import { xlsxWriter, type Cell } from './writer.js';

/**
 * The XLSX writer in a thread of its own (xlsx-thread.ts): exceljs makes every cell XML in
 * JavaScript, as costly as reading the rows, so the two run side by side. Each page of rows is
 * answered once written ("written"), the end once the file is whole ("closed"), any failure with
 * its message ("failed").
 */

type Message = { type: 'rows'; rows: Cell[][] } | { type: 'close' } | { type: 'abort' };

const { path, header, sheetRows } = workerData as { path: string; header: string[]; sheetRows: number };
const writer = xlsxWriter(path, header, sheetRows);
const port = parentPort!;
let queue = Promise.resolve();

port.on('message', (message: Message) => {
  queue = queue.then(async () => {
    try {
      if (message.type === 'rows') {
        await writer.write(message.rows);
        port.postMessage({ type: 'written' });
      } else if (message.type === 'close') {
        await writer.close();
        port.postMessage({ type: 'closed' });
      } else {
        await writer.abort();
        port.postMessage({ type: 'closed' });
      }
    } catch (error) {
      port.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  });
});
