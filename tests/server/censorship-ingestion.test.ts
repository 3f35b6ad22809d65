import { mkdtempSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSealedCell, openCell, sealCell, sealErrorCells } from '../../server/domain/censorship/sealed-cells.js';
import { processExecution } from '../../server/domain/ingestion/job.js';
import { createTestContext, type TestContext } from './helpers/app.js';

// Rejected rows of a flat file keep their cells for the Processing Errors panel: cells of columns
// mapped to a censored or encrypted setting are stored sealed and answered as the mask, so the
// error log neither keeps nor shows what the data settings protect.

const MASK = '••••••';
const key = randomBytes(32);

describe('sealed cells', () => {
  it('seal and open per setting access; without a key a cell is dropped to the mask', () => {
    const sealed = sealCell(key, 7, 'ACCT-1');
    expect(isSealedCell(sealed)).toBe(true);
    expect(sealed).not.toContain('ACCT-1');
    expect(openCell(sealed, key, (id) => id === 7)).toBe('ACCT-1');
    expect(openCell(sealed, key, () => false)).toBe(MASK);
    expect(openCell(sealed, randomBytes(32), () => true)).toBe(MASK);
    expect(openCell('plain', key, () => false)).toBe('plain');
    expect(sealCell(null, 7, 'ACCT-1')).toBe(MASK);
  });

  it('seal the censored cells of a row error, its value, and the value where the annotation quotes it', () => {
    const error = { value: '12x', raw_data: { amount: '5', score: '12x' }, columns: ['score'], annotation: "Could not convert '12x' to a number." };
    const sealed = sealErrorCells(error, new Map([['score', 9]]), key);
    expect(sealed.raw_data.amount).toBe('5');
    expect(isSealedCell(sealed.raw_data.score)).toBe(true);
    expect(isSealedCell(sealed.value)).toBe(true);
    expect(sealed.annotation).toBe(`Could not convert '${MASK}' to a number.`);
  });
});

describe('the error log of an ingested file', () => {
  let t: TestContext;
  const BASE = '/api/database-connections/pull-based-datafiles';
  beforeAll(async () => {
    t = await createTestContext({ dataDir: mkdtempSync(join(tmpdir(), 'vigil-censor-ingest-')) });
  });
  afterAll(() => t.close());

  it('neither stores nor answers the value of an encrypted column of a rejected row', async () => {
    const token = await t.signIn('manager@demo.test');
    const csv = [
      'txn_id,event_time,amount,currency,txn_type,sender_id,beneficiary_account',
      'CI-1,2026-03-03T08:00:00Z,notanumber,USD,ACH,ci_cust_1,ACCT-SECRET-4242',
    ].join('\n');
    const created = await t.call({ method: 'POST', url: BASE, token, payload: { file_name: 'ci.csv', stream: 'censor_ingest', object_type: 'transactions' } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const put = await t.call({ method: 'PUT', url: `${BASE}/${id}/content`, token, payload: csv, headers: { 'content-type': 'text/csv' } });
    expect(put.statusCode, put.body).toBe(202);
    const [execution] = await t.all<{ id: number }>(sql`select id from flat_file_executions where file_id = ${id} order by id desc limit 1`);
    await processExecution(t.database.db, t.config.dataDir, 1, execution.id);

    const stored = await t.all<{ raw_data: Record<string, string> }>(
      sql`select raw_data from flat_file_errors e join flat_file_executions x on x.id = e.execution_id where x.file_id = ${id}`,
    );
    expect(stored.length).toBeGreaterThan(0);
    expect(JSON.stringify(stored)).not.toContain('ACCT-SECRET-4242');
    // the column was mapped by its name onto the encrypted setting (the test is about that column)
    expect(isSealedCell(stored[0].raw_data.beneficiary_account)).toBe(true);
    expect(stored[0].raw_data.amount).toBe('notanumber');

    for (const url of [`${BASE}/${id}/errors`, `${BASE}/${id}`]) {
      const res = await t.call({ method: 'GET', url, token });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('ACCT-SECRET-4242');
      expect(res.body).not.toContain('sealed:v1:');
    }
    const errors = (await t.call({ method: 'GET', url: `${BASE}/${id}/errors`, token })).json();
    expect(errors.errors.annotation_transformation_exceptions[0].raw_data).toMatchObject({ beneficiary_account: MASK, amount: 'notanumber' });

    // an agent the encrypted setting lets read (root_all holds decrypt_encrypted_data) reads the cell in the error log
    const admin = await t.call({ method: 'GET', url: `${BASE}/${id}/errors`, token: await t.signIn('admin@demo.test') });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().errors.annotation_transformation_exceptions[0].raw_data).toMatchObject({
      beneficiary_account: 'ACCT-SECRET-4242',
      amount: 'notanumber',
    });
    // the file list's error summary stays masked for everyone
    expect((await t.call({ method: 'GET', url: `${BASE}/${id}`, token: await t.signIn('admin@demo.test') })).body).not.toContain('ACCT-SECRET-4242');
  });
});
