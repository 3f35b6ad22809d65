import { StringDecoder } from 'node:string_decoder';

/**
 * A streaming CSV reader (RFC 4180): comma separated, fields in double quotes may hold commas,
 * quotes (doubled) and line breaks, lines end in LF or CRLF. Chunks go in as they arrive from disk
 * and complete records come out, so a 1 GB file is never held in memory: only the unfinished
 * record at the end of a chunk is kept. Blank lines are not records.
 */

export interface CsvRecord {
  /** 1 is the header; the first data record is 2 (the row number agents see in a spreadsheet) */
  rowNumber: number;
  cells: string[];
}

export class CsvReader {
  private decoder = new StringDecoder('utf8');
  private buffer = '';
  private next = 1;
  private first = true;

  /** Feeds a chunk; answers the records it completed. */
  push(chunk: Buffer | string): CsvRecord[] {
    let text = typeof chunk === 'string' ? chunk : this.decoder.write(chunk);
    if (this.first && text.length) {
      // a byte-order mark some spreadsheet programs write
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      this.first = false;
    }
    this.buffer += text;
    return this.drain(false);
  }

  /** The end of the file: the last record, even without a final line break. */
  end(): { records: CsvRecord[]; unterminated: CsvRecord | null } {
    this.buffer += this.decoder.end();
    const records = this.drain(true);
    if (!this.buffer.length) return { records, unterminated: null };
    // only an unclosed quote leaves text behind at the end
    const rest = this.buffer;
    this.buffer = '';
    return { records, unterminated: { rowNumber: this.next++, cells: [rest] } };
  }

  private drain(atEnd: boolean): CsvRecord[] {
    const out: CsvRecord[] = [];
    const s = this.buffer;
    const n = s.length;
    let pos = 0;
    outer: while (pos < n) {
      const cells: string[] = [];
      let i = pos;
      for (;;) {
        if (i < n && s.charCodeAt(i) === 34 /* " */) {
          // quoted field
          let value = '';
          let from = i + 1;
          for (;;) {
            const q = s.indexOf('"', from);
            if (q < 0) break outer; // needs more text
            if (q + 1 < n && s.charCodeAt(q + 1) === 34) {
              value += s.slice(from, q + 1);
              from = q + 2;
              continue;
            }
            if (q + 1 >= n && !atEnd) break outer; // a doubled quote may follow in the next chunk
            value += s.slice(from, q);
            i = q + 1;
            break;
          }
          cells.push(value);
          // anything up to the delimiter after a closing quote is kept as written
          let j = i;
          while (j < n) {
            const c = s.charCodeAt(j);
            if (c === 44 || c === 10 || c === 13) break;
            j++;
          }
          if (j > i) cells[cells.length - 1] += s.slice(i, j);
          i = j;
        } else {
          let j = i;
          while (j < n) {
            const c = s.charCodeAt(j);
            if (c === 44 || c === 10 || c === 13) break;
            j++;
          }
          if (j >= n && !atEnd) break outer;
          cells.push(s.slice(i, j));
          i = j;
        }
        if (i >= n) {
          if (!atEnd) break outer;
          pos = n;
          break;
        }
        const c = s.charCodeAt(i);
        if (c === 44) {
          i++;
          if (i >= n && !atEnd) break outer;
          if (i >= n) {
            cells.push('');
            pos = n;
            break;
          }
          continue;
        }
        // line end: LF or CRLF (a lone CR too)
        if (c === 13) {
          if (i + 1 >= n && !atEnd) break outer;
          i += i + 1 < n && s.charCodeAt(i + 1) === 10 ? 2 : 1;
        } else i++;
        pos = i;
        break;
      }
      if (cells.length === 1 && cells[0] === '') continue; // blank line
      out.push({ rowNumber: this.next++, cells });
    }
    this.buffer = pos >= n ? '' : s.slice(pos);
    return out;
  }
}

/** Reads just the header row of a stream of chunks. */
export async function readHeader(chunks: AsyncIterable<Buffer | string>): Promise<string[]> {
  const reader = new CsvReader();
  for await (const chunk of chunks) {
    const records = reader.push(chunk);
    if (records.length) return records[0].cells.map((c) => c.trim());
  }
  const { records } = reader.end();
  return records[0]?.cells.map((c) => c.trim()) ?? [];
}
