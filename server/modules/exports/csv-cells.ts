import { StringDecoder } from 'node:string_decoder';
import type { Cell } from './writer.js';

/**
 * PostgreSQL's CSV (COPY ... TO STDOUT WITH (FORMAT csv), server/db/copy.ts) read back into cells,
 * chunk by chunk, for an XLSX written from the database's own rows. PostgreSQL writes a null as an
 * empty unquoted field and an empty text as "", quotes any field holding a comma, a quote or a line
 * break (a quote doubled inside), and ends every record, the last too, with a line feed.
 *
 * What a column's text becomes is its kind: `text` a string, `number` a number, `typed` the cell
 * its first character names ("n" a number, "b" a boolean, "s" a string; the text follows), for a
 * column whose cells may be any of these (a data field: see fieldValueTyped).
 */

export type CellKind = 'text' | 'number' | 'typed';

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;

function cell(kind: CellKind, text: string | null): Cell {
  if (text === null) return null;
  if (kind === 'text') return text;
  if (kind === 'number') return Number(text);
  const value = text.slice(1);
  const tag = text.charCodeAt(0);
  if (tag === 0x6e) return Number(value); // n
  if (tag === 0x62) return value === 'true'; // b
  return value;
}

export class CsvCells {
  private readonly decoder = new StringDecoder('utf8');
  /** the text after the last whole record */
  private rest = '';

  constructor(private readonly kinds: readonly CellKind[]) {}

  /** The records this chunk completes. */
  push(chunk: Buffer): Cell[][] {
    return this.records(this.rest + this.decoder.write(chunk));
  }

  /** The end of the text: answers nothing more, and fails if a record was left unfinished. */
  end(): void {
    const tail = this.rest + this.decoder.end();
    if (tail.length > 0) throw new Error('the CSV ends inside a record');
  }

  private records(text: string): Cell[][] {
    const out: Cell[][] = [];
    const width = this.kinds.length;
    const n = text.length;
    let start = 0;
    records: while (start < n) {
      const row: Cell[] = new Array<Cell>(width);
      let i = start;
      for (let f = 0; ; f++) {
        let value: string | null;
        if (text.charCodeAt(i) === QUOTE) {
          let close = text.indexOf('"', i + 1);
          let doubled = false;
          while (close !== -1 && text.charCodeAt(close + 1) === QUOTE) {
            doubled = true;
            close = text.indexOf('"', close + 2);
          }
          // the closing quote, or the character after it, has not arrived yet
          if (close === -1 || close + 1 >= n) break records;
          value = text.slice(i + 1, close);
          if (doubled) value = value.replaceAll('""', '"');
          i = close + 1;
        } else {
          let j = i;
          let c = 0;
          while (j < n && (c = text.charCodeAt(j)) !== COMMA && c !== LF) j++;
          if (j >= n) break records;
          value = j === i ? null : text.slice(i, j);
          i = j;
        }
        if (f < width) row[f] = cell(this.kinds[f], value);
        const sep = text.charCodeAt(i);
        i += 1;
        if (sep === LF) {
          if (f + 1 !== width) throw new Error(`a CSV record has ${f + 1} fields where ${width} were expected`);
          break;
        }
        if (sep !== COMMA) throw new Error('a quoted CSV field is followed by neither a comma nor a line break');
      }
      out.push(row);
      start = i;
    }
    this.rest = text.slice(start);
    return out;
  }
}
