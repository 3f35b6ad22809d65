import { isUtf8 } from 'node:buffer';

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

/**
 * Stands in the decoded text for each byte that is not part of valid UTF-8: a lone surrogate, which
 * decoding valid UTF-8 never yields, so a row that holds one is known to be undecodable (rows.ts
 * makes it that row's error) while a real U+FFFD in the file stays an ordinary character.
 */
export const UNDECODABLE = '\udc80';

/** What a reader may be shown instead of a NUL or an undecodable byte (header names, error values). */
export function printable(text: string): string {
  return text.replace(/[\0\udc80]/g, '\ufffd');
}

/** The length of the valid UTF-8 sequence at `i` (RFC 3629: no overlongs, surrogates or values past U+10FFFF), or 0. */
function sequenceAt(b: Uint8Array, i: number): number {
  const c = b[i];
  if (c < 0x80) return 1;
  if (c < 0xc2 || c > 0xf4) return 0;
  const need = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
  if (i + need > b.length) return 0;
  const second = b[i + 1];
  if (second < (c === 0xe0 ? 0xa0 : c === 0xf0 ? 0x90 : 0x80) || second > (c === 0xed ? 0x9f : c === 0xf4 ? 0x8f : 0xbf)) return 0;
  for (let k = 2; k < need; k++) if ((b[i + k] & 0xc0) !== 0x80) return 0;
  return need;
}

/** Decodes bytes that are not all valid UTF-8: valid runs as text, every other byte as UNDECODABLE. */
function decodeMarking(b: Buffer): string {
  let out = '';
  let from = 0;
  let i = 0;
  while (i < b.length) {
    const n = sequenceAt(b, i);
    if (n) {
      i += n;
      continue;
    }
    out += b.toString('utf8', from, i) + UNDECODABLE;
    from = ++i;
  }
  return out + b.toString('utf8', from, i);
}

/** Where a character cut off by the end of the chunk starts (its bytes wait for the next chunk), or the length. */
function completeUpTo(b: Buffer): number {
  for (let i = b.length - 1; i >= 0 && i >= b.length - 3; i--) {
    const c = b[i];
    if ((c & 0xc0) === 0x80) continue; // a continuation byte: look further back for its lead
    if (c < 0xc2 || c > 0xf4) return b.length;
    return i + (c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2) > b.length ? i : b.length;
  }
  return b.length;
}

/**
 * UTF-8 decoding across chunks that keeps undecodable bytes visible (as UNDECODABLE) instead of
 * replacing them silently with U+FFFD as StringDecoder does. Valid chunks (nearly all) are checked
 * by isUtf8 and decoded in one call.
 */
class MarkingDecoder {
  private carry: Buffer | null = null;

  write(chunk: Buffer): string {
    let b = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    this.carry = null;
    const upTo = completeUpTo(b);
    if (upTo < b.length) {
      this.carry = Buffer.from(b.subarray(upTo));
      b = b.subarray(0, upTo);
    }
    return isUtf8(b) ? b.toString('utf8') : decodeMarking(b);
  }

  /** The end of the bytes: a character still cut off is undecodable. */
  end(): string {
    const rest = this.carry;
    this.carry = null;
    return rest ? decodeMarking(rest) : '';
  }
}

export class CsvReader {
  private decoder = new MarkingDecoder();
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

/** Reads just the header row of a stream of chunks (NUL and undecodable bytes shown as U+FFFD). */
export async function readHeader(chunks: AsyncIterable<Buffer | string>): Promise<string[]> {
  const reader = new CsvReader();
  for await (const chunk of chunks) {
    const records = reader.push(chunk);
    if (records.length) return records[0].cells.map((c) => printable(c.trim()));
  }
  const { records } = reader.end();
  return records[0]?.cells.map((c) => printable(c.trim())) ?? [];
}
