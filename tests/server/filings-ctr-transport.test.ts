import { sql } from 'drizzle-orm';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAcknowledgements } from '../../server/domain/filings/acks.js';
import {
  BUILD_CTR_BATCHES_JOB,
  buildCtrBatch,
  buildCtrBatches,
  ctrBatchesTask,
  ctrDaysToBuild,
  ctrTransportJobHandlers,
  SEND_CTR_BATCH_JOB,
  sendCtrBatch,
} from '../../server/domain/filings/ctr-transport.js';
import type { FilingFolders } from '../../server/domain/filings/delivery.js';
import { claimJob, completeJob, failJob } from '../../server/jobs/queue.js';
import { createTestContext, type TestContext } from './helpers/app.js';
import { FINCEN_SCHEMAS, xmllintErrors } from './helpers/xmllint.js';

/**
 * Filing CTRs: every ended business day of the organisation's zone whose CTRs are not empty becomes
 * one CTR batch (FinCEN CTRX XML, validated with xmllint), built once however often the build runs,
 * sent once to the submissions folder (a failed send retried by the job queue), answered by FinCEN's
 * acknowledgement, and downloaded as sent. Business days are reckoned from the real clock: the test's
 * cash is placed on days counted back from today in the organisation's zone.
 */

let t: TestContext;
let dir: string;
let zone: string;
const ORG = 1;
const days: Record<number, string> = {};
const entities: Record<string, number> = {};
const exec = (q: ReturnType<typeof sql>) => t.database.db.execute(q);
const folders = (): FilingFolders => ({ outbox: join(dir, 'filings', 'outbox'), acknowledgements: join(dir, 'filings', 'acknowledgements') });
const ctx = () => ({ db: t.database.db, dataDir: dir, workerId: 'ctr-test' });

let seq = 0;
/** Cash of a fresh customer of the demo organisation at noon (in the organisation's zone) `back` days before today. */
async function cash(key: string, back: number, type: 'CASH_DEPOSIT' | 'CASH_WITHDRAWAL', amount: number) {
  if (!entities[key]) {
    const row = await t.one<{ id: number }>(sql`insert into entities (org_id, external_id, entity_type, name_readable)
      values (${ORG}, ${`ctr-transport-${key}`}, 'user', ${`Cash ${key} Person`}) returning id`);
    entities[key] = row.id;
  }
  seq++;
  const deposit = type === 'CASH_DEPOSIT';
  await exec(sql`insert into transactions (org_id, external_id, event_time, amount, currency, status, internal_txn_type, sender_entity_id, receiver_entity_id)
    values (${ORG}, ${`ctr-transport-txn-${seq}`},
      (((now() at time zone ${zone}::text)::date - ${back}::int) + time '12:00')::timestamp at time zone ${zone}::text,
      ${amount}, 'USD', 'COMPLETED', ${type}, ${deposit ? null : entities[key]}, ${deposit ? entities[key] : null})`);
}

async function runJobs(kind: string, handlerFolders?: FilingFolders) {
  const results: unknown[] = [];
  for (;;) {
    const job = await claimJob(t.database.db, 'ctr-test', [kind], 15);
    if (!job) return results;
    results.push(await ctrTransportJobHandlers(handlerFolders)[kind](job, ctx()));
    await completeJob(t.database.db, job.id, 'ctr-test', null);
  }
}

const batchesOf = () =>
  t.all<{ id: number; business_day: string; total_count: number; status: string; file_name: string; content: string }>(
    sql`select id, business_day::text as business_day, total_count, status, file_name, content from filing_batches
      where org_id = ${ORG} and report_type = 'CTR' and business_day is not null order by business_day`,
  );
const filingsOf = (batchId: number) =>
  t.all<{ seq: number; entity_id: number; status: string; bsa_id: string | null; bsa_tracking_id: string | null; cash_in: number; cash_out: number }>(
    sql`select seq, entity_id, status, bsa_id, bsa_tracking_id, cash_in, cash_out from ctr_filings where batch_id = ${batchId} order by seq`,
  );

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vigil-ctr-transport-'));
  t = await createTestContext({ dataDir: dir });
  zone = (await t.one<{ zone: string }>(sql`select coalesce((select timezone from organisation_settings where org_id = ${ORG}), 'America/New_York') as zone`))
    .zone;
  for (const back of [0, 1, 3, 5, 10, 16, 20]) {
    days[back] = (await t.one<{ day: string }>(sql`select to_char((now() at time zone ${zone}::text)::date - ${back}::int, 'YYYY-MM-DD') as day`)).day;
  }
  // the organisation's filing settings were saved 12 days ago: days before are not Vigil's to file
  await exec(sql`update filing_settings set created_at = now() - interval '12 days' where org_id = ${ORG}`);
  // yesterday: two deposits of one person adding up over 10,000, and a withdrawal of another
  await cash('ann', 1, 'CASH_DEPOSIT', 6_000);
  await cash('ann', 1, 'CASH_DEPOSIT', 5_000.5);
  await cash('bob', 1, 'CASH_WITHDRAWAL', 12_000);
  // three days ago: one CTR
  await cash('cy', 3, 'CASH_DEPOSIT', 15_000);
  // ten days ago: cash under the threshold only, no CTR
  await cash('dee', 10, 'CASH_DEPOSIT', 9_000);
  // today has not ended; 16 days ago is past FinCEN's deadline and before the settings
  await cash('eve', 0, 'CASH_DEPOSIT', 20_000);
  await cash('fay', 16, 'CASH_DEPOSIT', 20_000);
});
afterAll(() => t.close());

describe('building CTR batches', () => {
  it('the task queues one build job per organisation with a FinCEN filer profile, never a second while one waits', async () => {
    const task = ctrBatchesTask(60_000);
    await task.run(ctx());
    await task.run(ctx());
    const jobs = await t.all<{ org_id: number }>(sql`select org_id from jobs where kind = ${BUILD_CTR_BATCHES_JOB} and status = 'queued' order by org_id`);
    // Northwind reports to FINTRAC: no FinCEN profile, no CTR build
    expect(jobs).toEqual([{ org_id: ORG }]);
  });

  it('the build job makes one batch per ended business day with CTRs, its XML valid against the CTRX schema', async () => {
    const toBuild = await ctrDaysToBuild(t.database.db, ORG, zone);
    // from the settings' first day (12 days ago) to yesterday, today excluded
    expect(toBuild[0]).toBe((await t.one<{ day: string }>(sql`select to_char((now() at time zone ${zone}::text)::date - 12, 'YYYY-MM-DD') as day`)).day);
    expect(toBuild.at(-1)).toBe(days[1]);
    expect(toBuild).toHaveLength(12);

    const [result] = await runJobs(BUILD_CTR_BATCHES_JOB);
    const batches = await batchesOf();
    expect(batches.map((b) => b.business_day)).toEqual([days[3], days[1]]);
    expect(result).toEqual({ batch_ids: batches.map((b) => b.id) });
    for (const b of batches) {
      expect(b).toMatchObject({ status: 'READY', file_name: `CTRXST.${ORG}.${b.id}.xml` });
      expect(xmllintErrors(b.content, FINCEN_SCHEMAS.CTRX)).toEqual([]);
      expect(b.content.match(/<Activity SeqNum=/g)).toHaveLength(b.total_count);
      expect(b.content).toContain(`ActivityCount="${b.total_count}"`);
      expect(b.content).toContain(`<TransactionDateText>${b.business_day.replace(/-/g, '')}</TransactionDateText>`);
    }
    const [three, one] = batches;
    expect(three.total_count).toBe(1);
    expect(one.total_count).toBe(2);
    expect(one.content).toContain('TotalAmount="23001"');
    const filings = await filingsOf(one.id);
    expect(filings.map((f) => ({ entity: f.entity_id, in: f.cash_in, out: f.cash_out, status: f.status }))).toEqual(
      [
        { entity: entities.ann, in: 11_001, out: 0, status: 'SENDING_TO_FINCEN' },
        { entity: entities.bob, in: 0, out: 12_000, status: 'SENDING_TO_FINCEN' },
      ].sort((a, b) => a.entity - b.entity),
    );
    for (const f of filings) expect(one.content).toContain(`<Activity SeqNum="${f.seq}">`);
    // each batch queued its send
    const sends = await t.all<{ batch_id: number }>(
      sql`select (payload ->> 'batch_id')::int as batch_id from jobs where kind = ${SEND_CTR_BATCH_JOB} and status = 'queued' order by id`,
    );
    expect(sends.map((s) => s.batch_id)).toEqual(batches.map((b) => b.id));
  });

  it('builds nothing more when run again, nor when a second builder takes a day already built', async () => {
    expect(await buildCtrBatches(t.database.db, ORG)).toEqual([]);
    expect(await ctrDaysToBuild(t.database.db, ORG, zone)).not.toContain(days[1]);
    expect(await buildCtrBatch(t.database.db, ORG, days[1], zone)).toBeNull();
    expect(await batchesOf()).toHaveLength(2);
    expect((await t.one<{ n: number }>(sql`select count(*)::int as n from jobs where kind = ${SEND_CTR_BATCH_JOB}`)).n).toBe(2);
  });

  it('two builders of one day at once make one batch', async () => {
    await cash('dee', 10, 'CASH_DEPOSIT', 2_000);
    const built = await Promise.all([buildCtrBatch(t.database.db, ORG, days[10], zone), buildCtrBatch(t.database.db, ORG, days[10], zone)]);
    expect(built.filter((id) => id !== null)).toHaveLength(1);
    const batches = await batchesOf();
    expect(batches.map((b) => b.business_day)).toEqual([days[10], days[3], days[1]]);
    expect((await filingsOf(built.find((id) => id !== null)!)).map((f) => f.entity_id)).toEqual([entities.dee]);
  });

  it('never builds a day before the filing settings were first saved, nor one that has not ended', async () => {
    // today's 20,000 and the deposit 16 days ago have CTRs, but no batch
    expect((await batchesOf()).map((b) => b.business_day)).toEqual([days[10], days[3], days[1]]);
    await exec(sql`update filing_settings set created_at = now() where org_id = ${ORG}`);
    expect(await ctrDaysToBuild(t.database.db, ORG, zone)).toEqual([]);
    await exec(sql`update filing_settings set created_at = now() - interval '12 days' where org_id = ${ORG}`);
  });
});

describe('sending a CTR batch', () => {
  it('writes each batch file once to the submissions folder, however often the send runs', async () => {
    const batches = await batchesOf();
    await runJobs(SEND_CTR_BATCH_JOB);
    const outbox = folders().outbox;
    expect(readdirSync(outbox).sort()).toEqual(batches.map((b) => b.file_name).sort());
    for (const b of batches) {
      expect(readFileSync(join(outbox, b.file_name), 'utf8')).toBe(b.content);
      expect((await filingsOf(b.id)).every((f) => f.status === 'SENT_TO_FINCEN')).toBe(true);
      expect(await t.one(sql`select send_attempts, sent_at is not null as sent from filing_batches where id = ${b.id}`)).toEqual({
        send_attempts: 1,
        sent: true,
      });
      expect(await sendCtrBatch(t.database.db, ORG, b.id, folders(), false)).toBe('already sent');
    }
    expect(readdirSync(outbox)).toHaveLength(batches.length);
  });

  it('a send that cannot write is FILING_FAILED and retried by the job queue; the retry sends it', async () => {
    await cash('gus', 5, 'CASH_DEPOSIT', 30_000);
    const [id] = await buildCtrBatches(t.database.db, ORG);
    expect((await batchesOf()).find((b) => b.id === id)?.business_day).toBe(days[5]);
    // the submissions folder is a file: nothing can be written into it
    const blocked = join(dir, 'blocked');
    writeFileSync(blocked, 'not a folder');
    const job = (await claimJob(t.database.db, 'ctr-test', [SEND_CTR_BATCH_JOB], 15))!;
    await expect(ctrTransportJobHandlers({ outbox: blocked, acknowledgements: blocked })[SEND_CTR_BATCH_JOB](job, ctx())).rejects.toThrow();
    expect(await failJob(t.database.db, job, 'ctr-test', new Error('blocked'))).toBe('retry');
    expect((await filingsOf(id)).map((f) => f.status)).toEqual(['FILING_FAILED']);
    expect(await t.one(sql`select send_attempts, sent_at from filing_batches where id = ${id}`)).toEqual({ send_attempts: 1, sent_at: null });
    // the last attempt failing gives up
    await expect(sendCtrBatch(t.database.db, ORG, id, { outbox: blocked, acknowledgements: blocked }, true)).rejects.toThrow();
    expect((await filingsOf(id)).map((f) => f.status)).toEqual(['FILING_MAX_RETRIES_EXCEEDED']);
    // as if an earlier attempt had written the file and died before saying so: the retry writes the same file, not a second one
    const content = (await t.one<{ content: string }>(sql`select content from filing_batches where id = ${id}`)).content;
    writeFileSync(join(folders().outbox, `CTRXST.${ORG}.${id}.xml`), content);
    const before = readdirSync(folders().outbox).length;
    // the queue retries after its backoff, into the real folder
    await new Promise((resolve) => setTimeout(resolve, 700));
    const sent = await runJobs(SEND_CTR_BATCH_JOB);
    expect(sent).toEqual([{ result: 'sent' }]);
    expect(readFileSync(join(folders().outbox, `CTRXST.${ORG}.${id}.xml`), 'utf8')).toBe(content);
    expect(readdirSync(folders().outbox)).toHaveLength(before);
    expect((await filingsOf(id)).map((f) => f.status)).toEqual(['SENT_TO_FINCEN']);
    expect(await t.one(sql`select send_attempts, last_error from filing_batches where id = ${id}`)).toEqual({ send_attempts: 3, last_error: null });
  });
});

describe('FinCEN’s answer to a CTR batch', () => {
  function ack(batchFile: string, status: 'A' | 'R', body: string) {
    const name = `${batchFile}.ACKED`;
    mkdirSync(folders().acknowledgements, { recursive: true });
    writeFileSync(
      join(folders().acknowledgements, name),
      `<?xml version="1.0" encoding="UTF-8"?>
<fc2:EFilingBatchXML xmlns:fc2="www.fincen.gov/base" StatusCode="${status}">
  ${body.startsWith('<fc2:EFilingBatchErrorXML') ? body : ''}
  <fc2:EFilingSubmissionXML SeqNum="1"><fc2:BSATrackingID>31000907654321</fc2:BSATrackingID>${body.startsWith('<fc2:EFilingBatchErrorXML') ? '' : body}</fc2:EFilingSubmissionXML>
</fc2:EFilingBatchXML>`,
    );
    return name;
  }

  it('sets each CTR’s BSA ID and status and the batch’s accepted and rejected counts', async () => {
    const one = (await batchesOf()).find((b) => b.business_day === days[1])!;
    const [first, second] = await filingsOf(one.id);
    const name = ack(
      one.file_name,
      'A',
      `<fc2:EFilingActivityXML SeqNum="${first.seq}"><fc2:BSAID>31000111122223</fc2:BSAID></fc2:EFilingActivityXML>
       <fc2:EFilingActivityXML SeqNum="${second.seq}">
         <fc2:EFilingActivityErrorXML SeqNum="9"><fc2:ErrorContextText>Activity/Party[6]/PartyName</fc2:ErrorContextText>
           <fc2:ErrorElementNameText>RawEntityIndividualLastName</fc2:ErrorElementNameText><fc2:ErrorLevelText>FATAL</fc2:ErrorLevelText>
           <fc2:ErrorText>The last name is missing</fc2:ErrorText><fc2:ErrorTypeCode>F3</fc2:ErrorTypeCode></fc2:EFilingActivityErrorXML>
       </fc2:EFilingActivityXML>`,
    );
    expect(await readAcknowledgements(t.database.db, folders().acknowledgements)).toEqual([{ file: name, batchId: one.id }]);
    const answered = await filingsOf(one.id);
    expect(answered[0]).toMatchObject({ status: 'FILING_SUCCESS', bsa_id: '31000111122223', bsa_tracking_id: '31000907654321' });
    expect(answered[1]).toMatchObject({ status: 'FINCEN_VALIDATION_FAILED', bsa_id: null });
    expect(await t.one(sql`select ack_status, accepted_count, rejected_count from filing_batches where id = ${one.id}`)).toEqual({
      ack_status: 'ACCEPTED',
      accepted_count: 1,
      rejected_count: 1,
    });
    // the grouped list shows the counts
    const listed = await t.callAs('analyst@demo.test', 'POST', '/api/filings/grouped', { report_type: 'CTR', filters: { batch_id: one.id } });
    expect(listed.json().batches[0]).toMatchObject({ id: one.id, total: 2, accepted: 1, rejected: 1 });
  });

  it('a rejected batch rejects each of its CTRs', async () => {
    const three = (await batchesOf()).find((b) => b.business_day === days[3])!;
    ack(
      three.file_name,
      'R',
      '<fc2:EFilingBatchErrorXML><fc2:ErrorLevelText>FATAL</fc2:ErrorLevelText><fc2:ErrorText>The file is not well formed</fc2:ErrorText></fc2:EFilingBatchErrorXML>',
    );
    await readAcknowledgements(t.database.db, folders().acknowledgements);
    expect((await filingsOf(three.id)).map((f) => f.status)).toEqual(['FINCEN_REJECTED']);
    expect(await t.one(sql`select ack_status, accepted_count, rejected_count from filing_batches where id = ${three.id}`)).toEqual({
      ack_status: 'REJECTED',
      accepted_count: 0,
      rejected_count: 1,
    });
  });
});

describe('downloading a CTR batch Vigil built', () => {
  it('answers the file as sent, as CtrBatch{id}.xml', async () => {
    const one = (await batchesOf()).find((b) => b.business_day === days[1])!;
    // cash recorded after the day's batch was sent is not in its file
    await cash('hal', 1, 'CASH_DEPOSIT', 40_000);
    const res = await t.callAs('analyst@demo.test', 'GET', `/api/filings/batch/${one.id}/download`);
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="CtrBatch${one.id}.xml"`);
    expect(res.body).toBe(one.content);
    // not to another organisation
    expect((await t.callAs('admin@northwind.test', 'GET', `/api/filings/batch/${one.id}/download`)).statusCode).toBe(404);
  });
});
