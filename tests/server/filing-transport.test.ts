import { sql } from 'drizzle-orm';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAcknowledgement, readAcknowledgements } from '../../server/domain/filings/acks.js';
import { buildSarBatch, SEND_BATCH_JOB, sendBatch, transportJobHandlers } from '../../server/domain/filings/transport.js';
import { claimJob, completeJob } from '../../server/jobs/queue.js';
import { createTestContext, type TestContext } from './helpers/app.js';
import { FINCEN_SCHEMAS, xmllintErrors } from './helpers/xmllint.js';

/**
 * Filing SARs as FinCEN's Secure Direct Transfer Mode works: submitted SARs go into a batch file
 * that validates against FinCEN's schema; the file is written once to the submissions folder
 * (however often the send is repeated); acknowledgement files read from the acknowledgements folder
 * set each SAR's status, BSA ID and FinCEN's messages, and schedule the continuing-activity review.
 */

let t: TestContext;
let dir: string;
const outbox = () => join(dir, 'outbox');
const acks = () => join(dir, 'acks');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vigil-transport-'));
  t = await createTestContext({ dataDir: dir });
  // only this test's SARs are queued
  await t.database.db.execute(sql`update sars set status = 'FILING_SUCCESS' where status in ('QUEUED_FOR_FILING', 'SENDING_TO_FINCEN')`);
});
afterAll(() => t.close());

const SUBJECT = {
  entityId: null,
  kind: 'INDIVIDUAL',
  lastOrLegalName: 'Rivera',
  firstName: 'Dana',
  middleName: null,
  alternateName: null,
  tin: '521234567',
  tinType: 'SSN_ITIN',
  dateOfBirth: '1980-04-12',
  address: { street: '12 Market St', city: 'Newark', state: 'NJ', zip: '07102', country: 'US' },
  phone: '9735550188',
  email: null,
  occupation: 'Restaurant owner',
  accounts: [{ number: 'demo_acct_0000042', closed: false }],
  relationship: '7',
};

/** A Demo Bank SAR, complete and submitted (its writing and review are sars.test.ts's). */
async function submittedSar(name: string): Promise<number> {
  const caseId = (await t.one<{ id: number }>(sql`select id from cases where org_id = 1 order by id limit 1`)).id;
  const row = await t.one<{ id: number }>(
    sql`insert into sars (org_id, name, status, case_id, submitted, submitted_at, narrative, filing_type, activity_start, activity_end, total_amount,
        categories, subjects)
      values (1, ${name}, 'QUEUED_FOR_FILING', ${caseId}, true, now(), 'Nine cash deposits below the reporting threshold at three branches within two weeks.',
        'INITIAL', '2026-09-01', '2026-09-20', 28450, '[{"type": 1, "subtype": 114, "other": null}]'::jsonb, ${JSON.stringify([SUBJECT])}::jsonb)
      returning id`,
  );
  return row.id;
}

const statusOf = async (id: number) =>
  t.one<{ status: string; submitted: boolean; bsa_id: string | null; filed_at: Date | null; car_days: number | null; messages: unknown[] }>(
    sql`select status, submitted, bsa_id, filed_at, fincen_messages as messages,
        round(extract(epoch from car_alert_scheduled_at - filed_at) / 86400)::int as car_days from sars where id = ${id}`,
  );

function ack(batchFile: string, status: 'A' | 'R', activities: string): { name: string; xml: string } {
  return {
    name: `${batchFile}.ACKED`,
    xml: `<?xml version="1.0" encoding="UTF-8"?>
<fc2:EFilingBatchXML xmlns:fc2="www.fincen.gov/base" StatusCode="${status}">
  <fc2:EFilingSubmissionXML SeqNum="1"><fc2:BSATrackingID>31000901234567</fc2:BSATrackingID>${activities}</fc2:EFilingSubmissionXML>
</fc2:EFilingBatchXML>`,
  };
}

describe('a batch of submitted SARs', () => {
  let first = 0;
  let second = 0;
  let batchId = 0;
  let fileName = '';

  it('is one FinCEN SAR batch file that validates, its SARs SENDING_TO_FINCEN and numbered by their Activity', async () => {
    first = await submittedSar('Transport SAR one');
    second = await submittedSar('Transport SAR two & <sons>');
    batchId = (await buildSarBatch(t.database.db, 1, null))!;
    expect(batchId).toBeGreaterThan(0);
    const batch = await t.one<{ content: string; file_name: string; total_count: number; status: string }>(
      sql`select content, file_name, total_count, status from filing_batches where id = ${batchId}`,
    );
    fileName = batch.file_name;
    expect(batch).toMatchObject({ total_count: 2, status: 'READY', file_name: `SARXST.1.${batchId}.xml` });
    expect(xmllintErrors(batch.content, FINCEN_SCHEMAS.SARX)).toEqual([]);
    expect(batch.content.match(/<fc2:Activity SeqNum=/g)).toHaveLength(2);
    const sars = await t.all<{ status: string; batch_seq: number }>(sql`select status, batch_seq from sars where batch_id = ${batchId} order by id`);
    expect(sars.map((s) => s.status)).toEqual(['SENDING_TO_FINCEN', 'SENDING_TO_FINCEN']);
    for (const s of sars) expect(batch.content).toContain(`<fc2:Activity SeqNum="${s.batch_seq}">`);
    // nothing is left to batch
    expect(await buildSarBatch(t.database.db, 1, null)).toBeNull();
    // the file downloads as sent, under its name
    const download = await t.callAs('analyst@demo.test', 'GET', `/api/filings/batch/${batchId}/download`);
    expect(download.statusCode).toBe(201);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${batch.file_name}"`);
    expect(download.body).toBe(batch.content);
  });

  it('is written once to the submissions folder, however often the send runs (a send repeated after a crash)', async () => {
    // as if a send died after writing the file and before saying so
    const content = (await t.one<{ content: string }>(sql`select content from filing_batches where id = ${batchId}`)).content;
    const { mkdirSync } = await import('node:fs');
    mkdirSync(outbox(), { recursive: true });
    writeFileSync(join(outbox(), fileName), content);
    expect(await sendBatch(t.database.db, 1, batchId, { outbox: outbox(), acknowledgements: acks() }, false)).toBe('sent');
    expect(await sendBatch(t.database.db, 1, batchId, { outbox: outbox(), acknowledgements: acks() }, false)).toBe('already sent');
    expect(readdirSync(outbox())).toEqual([fileName]);
    expect(readFileSync(join(outbox(), fileName), 'utf8')).toBe(content);
    const sent = await statusOf(first);
    expect(sent).toMatchObject({ status: 'SENT_TO_FINCEN', submitted: true });
    expect(sent.filed_at).not.toBeNull();
  });

  it('takes FinCEN’s acknowledgement: BSA IDs, warnings per field, errors, and the continuing-activity review', async () => {
    const seqs = await t.all<{ id: number; batch_seq: number }>(sql`select id, batch_seq from sars where batch_id = ${batchId} order by id`);
    const file = ack(
      fileName,
      'A',
      `<fc2:EFilingActivityXML SeqNum="${seqs[0].batch_seq}"><fc2:BSAID>31000123456789</fc2:BSAID>
         <fc2:EFilingActivityErrorXML SeqNum="9"><fc2:ErrorContextText>Activity/Party[4]/PartyIdentification</fc2:ErrorContextText>
           <fc2:ErrorElementNameText>PartyIdentificationNumberText</fc2:ErrorElementNameText><fc2:ErrorLevelText>WARN</fc2:ErrorLevelText>
           <fc2:ErrorText>The TIN is not on file</fc2:ErrorText><fc2:ErrorTypeCode>C21</fc2:ErrorTypeCode></fc2:EFilingActivityErrorXML>
       </fc2:EFilingActivityXML>
       <fc2:EFilingActivityXML SeqNum="${seqs[1].batch_seq}">
         <fc2:EFilingActivityErrorXML SeqNum="10"><fc2:ErrorContextText>Activity/SuspiciousActivity</fc2:ErrorContextText>
           <fc2:ErrorElementNameText>SuspiciousActivityToDateText</fc2:ErrorElementNameText><fc2:ErrorLevelText>FATAL</fc2:ErrorLevelText>
           <fc2:ErrorText>The date is in the future</fc2:ErrorText><fc2:ErrorTypeCode>F12</fc2:ErrorTypeCode></fc2:EFilingActivityErrorXML>
       </fc2:EFilingActivityXML>`,
    );
    const { mkdirSync } = await import('node:fs');
    mkdirSync(acks(), { recursive: true });
    writeFileSync(join(acks(), file.name), file.xml);
    expect(await readAcknowledgements(t.database.db, acks())).toEqual([{ file: file.name, batchId }]);
    expect(existsSync(join(acks(), 'processed', file.name))).toBe(true);

    const accepted = await statusOf(first);
    expect(accepted).toMatchObject({ status: 'FILING_SUCCESS', bsa_id: '31000123456789', car_days: 90 });
    expect(accepted.messages).toEqual([
      {
        path: 'Activity/Party[4]/PartyIdentification',
        message: 'The TIN is not on file (PartyIdentificationNumberText) [C21]',
        level: 'WARN',
      },
    ]);
    const refused = await statusOf(second);
    expect(refused.status).toBe('FINCEN_VALIDATION_FAILED');
    expect(refused.messages).toMatchObject([{ level: 'FATAL', path: 'Activity/SuspiciousActivity' }]);
    expect(await t.one(sql`select accepted_count, rejected_count, ack_status from filing_batches where id = ${batchId}`)).toEqual({
      accepted_count: 1,
      rejected_count: 1,
      ack_status: 'ACCEPTED',
    });
    const tracking = await t.one<{ bsa_tracking_id: string }>(sql`select bsa_tracking_id from sars where id = ${first}`);
    expect(tracking.bsa_tracking_id).toBe('31000901234567');

    // the same acknowledgement again changes nothing
    writeFileSync(join(acks(), file.name), file.xml);
    await readAcknowledgements(t.database.db, acks());
    expect((await statusOf(first)).status).toBe('FILING_SUCCESS');
    expect((await statusOf(second)).status).toBe('FINCEN_VALIDATION_FAILED');

    // the SAR FinCEN refused can be corrected: the analyst edits it again
    const res = await t.callAs('analyst@demo.test', 'GET', `/api/sars/${second}/filing`);
    expect(res.json().actions).toContain('edit');
    expect(res.json().fincen_messages).toMatchObject([{ level: 'FATAL' }]);
  });

  it('a rejected batch rejects each of its SARs; an unreadable file is put aside', async () => {
    const third = await submittedSar('Transport SAR three');
    const rejectedBatch = (await buildSarBatch(t.database.db, 1, null))!;
    const name = (await t.one<{ file_name: string }>(sql`select file_name from filing_batches where id = ${rejectedBatch}`)).file_name;
    await sendBatch(t.database.db, 1, rejectedBatch, { outbox: outbox(), acknowledgements: acks() }, false);
    const file = ack(name, 'R', '');
    writeFileSync(
      join(acks(), file.name),
      file.xml.replace(
        '<fc2:EFilingSubmissionXML',
        '<fc2:EFilingBatchErrorXML><fc2:ErrorLevelText>FATAL</fc2:ErrorLevelText><fc2:ErrorText>The file is not well formed</fc2:ErrorText></fc2:EFilingBatchErrorXML><fc2:EFilingSubmissionXML',
      ),
    );
    writeFileSync(join(acks(), 'garbage.xml'), 'not xml at all <');
    const read = await readAcknowledgements(t.database.db, acks());
    expect(read.find((r) => r.file === file.name)?.batchId).toBe(rejectedBatch);
    expect(read.find((r) => r.file === 'garbage.xml')?.error).toBeTruthy();
    expect(existsSync(join(acks(), 'unreadable', 'garbage.xml'))).toBe(true);
    const status = await statusOf(third);
    expect(status.status).toBe('FINCEN_REJECTED');
    expect(status.messages).toMatchObject([{ level: 'FATAL', message: expect.stringContaining('not well formed') }]);
  });

  it('a send that cannot write is FILING_FAILED and retried by the queue, then FILING_MAX_RETRIES_EXCEEDED', async () => {
    const fourth = await submittedSar('Transport SAR four');
    const failing = (await buildSarBatch(t.database.db, 1, null))!;
    // the submissions folder is a file: nothing can be written into it
    const blocked = join(dir, 'blocked');
    writeFileSync(blocked, 'not a folder');
    await expect(sendBatch(t.database.db, 1, failing, { outbox: blocked, acknowledgements: acks() }, false)).rejects.toThrow();
    expect((await statusOf(fourth)).status).toBe('FILING_FAILED');
    await expect(sendBatch(t.database.db, 1, failing, { outbox: blocked, acknowledgements: acks() }, true)).rejects.toThrow();
    expect((await statusOf(fourth)).status).toBe('FILING_MAX_RETRIES_EXCEEDED');
    expect(await t.one(sql`select send_attempts, sent_at from filing_batches where id = ${failing}`)).toMatchObject({ send_attempts: 2, sent_at: null });
  });

  it('the send job writes the batch the build queued, in the server’s submissions folder', async () => {
    const fifth = await submittedSar('Transport SAR five');
    const queuedBatch = (await buildSarBatch(t.database.db, 1, null))!;
    for (;;) {
      const job = await claimJob(t.database.db, 'transport-test', [SEND_BATCH_JOB], 15);
      if (!job) break;
      await transportJobHandlers()[SEND_BATCH_JOB](job, { db: t.database.db, dataDir: dir, workerId: 'transport-test' });
      await completeJob(t.database.db, job.id, 'transport-test', null);
    }
    expect(existsSync(join(dir, 'filings', 'outbox', `SARXST.1.${queuedBatch}.xml`))).toBe(true);
    expect((await statusOf(fifth)).status).toBe('SENT_TO_FINCEN');
  });
});

describe('reading an acknowledgement', () => {
  it('reads the activity by its SeqNum attribute or an ActivitySeqNum child, and refuses what is not one', () => {
    const read = parseAcknowledgement(
      `<EFilingBatchXML StatusCode="A"><EFilingSubmissionXML><EFilingActivityXML><ActivitySeqNum>12</ActivitySeqNum><BSAID>31000000000001</BSAID></EFilingActivityXML></EFilingSubmissionXML></EFilingBatchXML>`,
    );
    expect(read).toEqual({ status: 'ACCEPTED', trackingId: null, batchMessages: [], filings: [{ seq: 12, bsaId: '31000000000001', messages: [] }] });
    expect(() => parseAcknowledgement('<Other/>')).toThrow('no EFilingBatchXML');
    expect(() => parseAcknowledgement('<EFilingBatchXML StatusCode="X"/>')).toThrow('StatusCode');
  });
});

describe('continuing activity', () => {
  it('raises one review alert in the SAR’s queue for its customers when the review falls due', async () => {
    const { raiseDueReviews } = await import('../../server/domain/filings/continuing.js');
    const queue = (await t.one<{ id: number }>(sql`select id from queues where org_id = 1 and access_type is distinct from 'restricted' order by id limit 1`))
      .id;
    const customer = (await t.one<{ id: number }>(sql`select id from entities where org_id = 1 and entity_type = 'user' order by id limit 1`)).id;
    const sar = await t.one<{ id: number }>(
      sql`insert into sars (org_id, name, status, queue_id, submitted, filed_at, car_alert_scheduled_at, subjects)
        values (1, 'Filed SAR', 'FILING_SUCCESS', ${queue}, true, now() - interval '91 days', now() - interval '1 day',
          ${JSON.stringify([{ ...SUBJECT, entityId: customer }])}::jsonb) returning id`,
    );
    const later = await t.one<{ id: number }>(
      sql`insert into sars (org_id, name, status, queue_id, submitted, filed_at, car_alert_scheduled_at)
        values (1, 'Recently filed SAR', 'FILING_SUCCESS', ${queue}, true, now(), now() + interval '90 days') returning id`,
    );
    const raised = await raiseDueReviews(t.database.db);
    const mine = await t.one<{ id: number; title: string; queue_id: number; status: string; entities: number[] }>(
      sql`select a.id, a.title, a.queue_id, a.status, array(select entity_id from alert_entities ae where ae.alert_id = a.id) as entities
        from alerts a join sars s on s.car_alert_id = a.id where s.id = ${sar.id}`,
    );
    expect(raised).toContain(mine.id);
    expect(mine).toEqual({ id: mine.id, title: 'Continuing activity review: Filed SAR', queue_id: queue, status: 'OPEN', entities: [customer] });
    expect((await t.one<{ car_alert_id: number | null }>(sql`select car_alert_id from sars where id = ${later.id}`)).car_alert_id).toBeNull();
    // once only
    expect(await raiseDueReviews(t.database.db)).not.toContain(mine.id);
    expect((await t.one<{ n: number }>(sql`select count(*)::int as n from alerts where title = 'Continuing activity review: Filed SAR'`)).n).toBe(1);
  });
});

describe('a submitted SAR FinCEN would refuse', () => {
  it('is not sent: it stays queued with its problems, and the others go', async () => {
    const good = await submittedSar('Transport SAR complete');
    const bad = await submittedSar('Transport SAR without a subject');
    await t.database.db.execute(sql`update sars set subjects = '[]'::jsonb, activity_start = null where id = ${bad}`);
    const batch = (await buildSarBatch(t.database.db, 1, null))!;
    expect((await t.all<{ id: number }>(sql`select id from sars where batch_id = ${batch}`)).map((r) => r.id)).toEqual([good]);
    const left = await t.one<{ status: string; problems: Array<{ level: string }> }>(
      sql`select status, prefiling_problems as problems from sars where id = ${bad}`,
    );
    expect(left.status).toBe('QUEUED_FOR_FILING');
    expect(left.problems.some((p) => p.level === 'FATAL')).toBe(true);
    expect(await buildSarBatch(t.database.db, 1, null)).toBeNull();
  });
});
