import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineParams } from '../../server/db/copy.js';
import { intArray, textArray } from '../../server/db/sql.js';
import { createTestContext, type TestContext } from './helpers/app.js';

// COPY takes no parameters: the export writes a query's plain parameters into its text as literals
// (server/db/copy.ts). Each query below is run both ways on the real database and must answer the
// same, whatever the values hold (quotes, backslashes, dollar signs, other scripts, empty lists).

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const dialect = new PgDialect();

const values = ["it's", 'back\\slash', '$1 and $2', 'émoji ✓ 漢字', '', "''", 'a"b', '-- comment', "'; drop table agents; --"];

describe('parameters written as literals', () => {
  it.each([
    [
      'strings',
      sql`select ${values[0]}::text as a, ${values[1]}::text as b, ${values[2]}::text as c, ${values[3]}::text as d, ${values[4]}::text as e, ${values[5]}::text as f, ${values[6]}::text as g, ${values[7]}::text as h, ${values[8]}::text as i`,
    ],
    [
      'numbers, booleans and null',
      sql`select ${-5}::int as a, ${2.75}::float8 as b, ${true}::boolean as c, ${false}::boolean as d, ${null}::text as e, ${1e21}::float8 as f`,
    ],
    ['arrays', sql`select ${intArray([3, -1, 2])} as a, ${textArray(values)} as b, ${intArray([])} as c, ${textArray([])} as d`],
    ['a timestamp and a comparison', sql`select ${'2026-10-31T23:59:59.500Z'}::timestamptz as a, 3 = any(${intArray([1, 3])}) as b`],
  ])('%s answer the same as parameters', async (_, query) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const inlined = inlineParams(text, params);
    expect(inlined).not.toBeNull();
    const withParams = await t.database.query(text, params);
    const withLiterals = await t.database.query(inlined!);
    expect(withLiterals).toEqual(withParams);
  });

  it('refuses what is not a plain value', () => {
    expect(inlineParams('select $1', [{ a: 1 }])).toBeNull();
    expect(inlineParams('select $1', [Number.NaN])).toBeNull();
    expect(inlineParams('select $1', ['nul\0'])).toBeNull();
    expect(inlineParams('select $2', ['one'])).toBeNull();
  });
});
