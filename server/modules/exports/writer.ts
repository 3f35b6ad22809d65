import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { stringify } from 'csv-stringify';
import { stringify as stringifyRows } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';

/**
 * The file of an export, written a page of rows at a time: CSV through csv-stringify's stream
 * (written with the file's backpressure), XLSX through exceljs's streaming
 * WorkbookWriter. Neither holds more than the page in hand (and the writers' own buffers), so an
 * export of a million rows needs no more memory than one of ten.
 */

export type Cell = string | number | boolean | null;

/** Excel's sheet holds 1,048,576 rows: the header and 1,048,575 rows of data. */
export const XLSX_SHEET_ROWS = 1_048_575;

export interface RowWriter {
  /** rows in the header's order; resolves once the file can take more */
  write: (rows: ReadonlyArray<readonly Cell[]>) => Promise<void>;
  /** ends the file; resolves once every byte is on disk */
  close: () => Promise<void>;
  /** stops without finishing the file (the caller deletes it) */
  abort: () => Promise<void>;
}

async function finished(out: WriteStream): Promise<void> {
  if (out.closed) return;
  await once(out, 'close');
}

/** Bytes buffered before the CSV waits for the disk (and at most 1,024 rows not yet made text). */
const CSV_BUFFER = 1 << 20;

export function csvWriter(path: string, header: readonly string[]): RowWriter {
  const out = createWriteStream(path, { highWaterMark: CSV_BUFFER });
  // arrays, not records: two columns may carry the same label
  const csv = stringify({ cast: { boolean: (v) => (v ? 'true' : 'false') }, writableHighWaterMark: 1024, readableHighWaterMark: CSV_BUFFER });
  csv.pipe(out);
  const state: { failure: Error | null } = { failure: null };
  const check = () => {
    if (state.failure) throw state.failure;
  };
  csv.on('error', (e) => (state.failure = e));
  csv.write([...header]);
  out.on('error', (e) => (state.failure = e));
  return {
    async write(rows) {
      check();
      for (const row of rows) {
        if (!csv.write(row.length === header.length ? row : header.map((_, i) => row[i] ?? null))) await once(csv, 'drain');
      }
      check();
    },
    async close() {
      check();
      csv.end();
      await finished(out);
      check();
    },
    async abort() {
      csv.destroy();
      out.destroy();
      await finished(out).catch(() => undefined);
    },
  };
}

/** A CSV file whose rows arrive as CSV text (PostgreSQL's own, server/db/copy.ts), after a header csv-stringify writes. */
export interface CsvBytesWriter {
  /** bytes of whole or partial rows; resolves once the file can take more */
  write: (chunk: Buffer) => Promise<void>;
  close: () => Promise<void>;
  abort: () => Promise<void>;
}

export function csvBytesWriter(path: string, header: readonly string[]): CsvBytesWriter {
  const out = createWriteStream(path, { highWaterMark: CSV_BUFFER });
  const state: { failure: Error | null } = { failure: null };
  const check = () => {
    if (state.failure) throw state.failure;
  };
  out.on('error', (e) => (state.failure = e));
  out.write(stringifyRows([[...header]]));
  return {
    async write(chunk) {
      check();
      // once() rejects if the file fails meanwhile
      if (!out.write(chunk)) await once(out, 'drain');
      check();
    },
    async close() {
      check();
      out.end();
      await finished(out);
      check();
    },
    async abort() {
      out.destroy();
      await finished(out).catch(() => undefined);
    },
  };
}

/**
 * Counts the CSV records that end in `chunk` (a line break outside quotes ends one; a doubled
 * quote inside a quoted field turns the quoting off and on again, so toggling on every quote is
 * exact). `state` carries the quoting across chunks.
 */
export function countCsvRecords(chunk: Buffer, state: { quoted: boolean }): number {
  let records = 0;
  let quoted = state.quoted;
  for (let i = 0; i < chunk.length; i++) {
    const c = chunk[i];
    if (c === 0x22) quoted = !quoted;
    else if (c === 0x0a && !quoted) records += 1;
  }
  state.quoted = quoted;
  return records;
}

/** What exceljs's streaming writer holds between a committed row and the file (read, never changed). */
interface Buffered {
  writableLength?: number;
  readableLength?: number;
  // streams of the readable-stream package (archiver's) count their buffers here only
  _writableState?: { length?: number };
  _readableState?: { length?: number };
  buffers?: Array<{ length: number }>;
  pipes?: Buffered[];
}

/** Bytes an XLSX writer may hold before the next page waits for the compressor and the disk. */
const XLSX_BACKLOG = 8 << 20;

/**
 * Bytes written into the workbook and not yet on disk: the sheet's buffer (exceljs's own stream,
 * which takes rows whatever the compressor's pace), the compressor's input, the zip's output and
 * the file's. exceljs applies no backpressure of its own, so the writer waits on this.
 */
function backlog(workbook: ExcelJS.stream.xlsx.WorkbookWriter, sheet: ExcelJS.Worksheet | null): number {
  const wb = workbook as unknown as { zip?: Buffered; stream?: Buffered };
  const stream = (sheet as unknown as { stream?: Buffered } | null)?.stream;
  let bytes = (wb.zip?.readableLength ?? 0) + (wb.stream?.writableLength ?? 0);
  for (const b of stream?.buffers ?? []) bytes += b.length;
  for (const pipe of stream?.pipes ?? [])
    bytes += (pipe.writableLength ?? pipe._writableState?.length ?? 0) + (pipe.readableLength ?? pipe._readableState?.length ?? 0);
  return bytes;
}

export function xlsxWriter(path: string, header: readonly string[], sheetRows = XLSX_SHEET_ROWS): RowWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useStyles: false, useSharedStrings: false, zip: { zlib: { level: 1 } } });
  let sheet: ExcelJS.Worksheet | null = null;
  let inSheet = 0;
  let sheets = 0;
  const nextSheet = () => {
    sheet?.commit();
    sheets += 1;
    sheet = workbook.addWorksheet(sheets === 1 ? 'Export' : `Export ${sheets}`);
    sheet.addRow([...header]).commit();
    inSheet = 0;
  };
  return {
    async write(rows) {
      for (const row of rows) {
        if (sheet === null || inSheet >= sheetRows) nextSheet();
        sheet!.addRow(row.map((c) => c ?? undefined)).commit();
        inSheet += 1;
      }
      while (backlog(workbook, sheet) > XLSX_BACKLOG) await new Promise((resolve) => setTimeout(resolve, 2));
    },
    async close() {
      if (sheet === null) nextSheet();
      sheet!.commit();
      await workbook.commit();
    },
    async abort() {
      // the workbook's stream is left unfinished; the caller deletes the file
      await workbook.commit().catch(() => undefined);
    },
  };
}
