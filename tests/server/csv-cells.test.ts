import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvCells, type CellKind } from '../../server/modules/exports/csv-cells.js';
import type { Cell } from '../../server/modules/exports/writer.js';

// PostgreSQL's CSV (COPY ... WITH (FORMAT csv)) read back into an XLSX's cells. The text is written
// here by PostgreSQL's rules: a null is an empty unquoted field, an empty text "", a field holding a
// comma, a quote, a line break or a carriage return quoted with its quotes doubled, every record
// ended by a line feed. It is then cut anywhere, inside a field, a doubled quote or a character of
// several bytes, and must read back as the same cells.

function field(text: string | null): string {
  if (text === null) return '';
  if (text === '' || /[",\n\r]/.test(text) || text === '\\.') return `"${text.replaceAll('"', '""')}"`;
  return text;
}

/** A cell as its column's text: a `typed` column's names its kind first. */
function text(kind: CellKind, value: Cell): string | null {
  if (value === null) return null;
  if (kind !== 'typed') return String(value);
  if (typeof value === 'number') return `n${value}`;
  if (typeof value === 'boolean') return `b${value}`;
  return `s${value}`;
}

const kindArb = fc.constantFrom<CellKind>('text', 'number', 'typed');
const textArb = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 12 }), fc.constantFrom('', '"', '""', ',', '\n', '\r\n', 'a,"b"\nc', '€', '😀,"'));
const numberArb = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Object.is(d, -0)),
);

function cellArb(kind: CellKind): fc.Arbitrary<Cell> {
  if (kind === 'text') return fc.option(textArb, { nil: null });
  if (kind === 'number') return fc.option(numberArb, { nil: null });
  return fc.option(fc.oneof(textArb, numberArb, fc.boolean()), { nil: null });
}

const tableArb = fc
  .array(kindArb, { minLength: 1, maxLength: 6 })
  .chain((kinds) => fc.tuple(fc.constant(kinds), fc.array(fc.tuple(...kinds.map(cellArb)), { maxLength: 20 })));

function csvOf(kinds: CellKind[], rows: Cell[][]): Buffer {
  return Buffer.from(rows.map((row) => `${row.map((v, i) => field(text(kinds[i], v))).join(',')}\n`).join(''), 'utf8');
}

function readBack(kinds: CellKind[], bytes: Buffer, cuts: number[]): Cell[][] {
  const reader = new CsvCells(kinds);
  const out: Cell[][] = [];
  let from = 0;
  for (const cut of [...cuts.map((c) => c % (bytes.length + 1)), bytes.length].sort((a, b) => a - b)) {
    out.push(...reader.push(bytes.subarray(from, cut)));
    from = cut;
  }
  reader.end();
  return out;
}

describe("PostgreSQL's CSV read back into cells", () => {
  it('gives back every cell, of its kind, wherever the bytes are cut', () => {
    fc.assert(
      fc.property(tableArb, fc.array(fc.nat(), { maxLength: 12 }), ([kinds, rows], cuts) => {
        expect(readBack(kinds, csvOf(kinds, rows), cuts)).toEqual(rows);
      }),
      { numRuns: 400 },
    );
  });

  it('tells a null from an empty text, and a number or a boolean from its text', () => {
    const kinds: CellKind[] = ['text', 'text', 'number', 'typed', 'typed', 'typed', 'typed'];
    const bytes = Buffer.from(',"",12.5,n-3,btrue,s12,\n');
    expect(readBack(kinds, bytes, [])).toEqual([[null, '', 12.5, -3, true, '12', null]]);
  });

  it('answers a record only once its line feed has come', () => {
    const reader = new CsvCells(['text', 'text']);
    expect(reader.push(Buffer.from('a,"b'))).toEqual([]);
    expect(reader.push(Buffer.from('""'))).toEqual([]);
    expect(reader.push(Buffer.from('"'))).toEqual([]);
    expect(reader.push(Buffer.from('\nc,'))).toEqual([['a', 'b"']]);
    expect(reader.push(Buffer.from('\n'))).toEqual([['c', null]]);
    reader.end();
  });

  it('fails on a text that ends inside a record, or a record of another width', () => {
    const unfinished = new CsvCells(['text']);
    unfinished.push(Buffer.from('a\nb'));
    expect(() => unfinished.end()).toThrow('the CSV ends inside a record');
    expect(() => new CsvCells(['text', 'text']).push(Buffer.from('a,b,c\n'))).toThrow('a CSV record has 3 fields where 2 were expected');
    expect(() => new CsvCells(['text', 'text']).push(Buffer.from('a\n'))).toThrow('a CSV record has 1 fields where 2 were expected');
  });
});
