import { parentPort, workerData } from 'node:worker_threads';
import { CsvCells, type CellKind } from './csv-cells.js';
import { xlsxWriter, type Cell } from './writer.js';

/**
 * The XLSX writer in a thread of its own (xlsx-thread.ts): exceljs makes every cell XML in
 * JavaScript, as costly as reading the rows, so the two run side by side. The rows come as cells
 * ("rows"), or as PostgreSQL's CSV bytes ("bytes"), read back here into cells of the columns'
 * kinds (csv-cells.ts) so that the export's thread only passes bytes on. Each message is answered
 * once written ("written"), the end once the file is whole ("closed"), any failure with its
 * message ("failed").
 */

type Message = { type: 'rows'; rows: Cell[][] } | { type: 'bytes'; bytes: Uint8Array } | { type: 'close' } | { type: 'abort' };

const { path, header, sheetRows, kinds } = workerData as { path: string; header: string[]; sheetRows: number; kinds: CellKind[] | null };
const writer = xlsxWriter(path, header, sheetRows);
const cells = kinds ? new CsvCells(kinds) : null;
const port = parentPort!;
let queue = Promise.resolve();

async function handle(message: Message): Promise<void> {
  if (message.type === 'rows') {
    await writer.write(message.rows);
    port.postMessage({ type: 'written' });
  } else if (message.type === 'bytes') {
    if (!cells) throw new Error('the XLSX writer was not told the kinds of the columns');
    await writer.write(cells.push(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength)));
    port.postMessage({ type: 'written' });
  } else if (message.type === 'close') {
    cells?.end();
    await writer.close();
    port.postMessage({ type: 'closed' });
  } else {
    await writer.abort();
    port.postMessage({ type: 'closed' });
  }
}

port.on('message', (message: Message) => {
  queue = queue.then(async () => {
    try {
      await handle(message);
    } catch (error) {
      port.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  });
});
