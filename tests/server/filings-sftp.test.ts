import { sql } from 'drizzle-orm';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { utils } from 'ssh2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { filingsSftpFrom, loadConfig } from '../../server/config.js';
import { acknowledgementsTask, readAcknowledgements } from '../../server/domain/filings/acks.js';
import type { FilingFolders } from '../../server/domain/filings/delivery.js';
// CTR batches' reader, registered as the server registers it
import '../../server/domain/filings/ctr-transport.js';
import type { SftpSettings } from '../../server/domain/filings/sftp.js';
import { buildSarBatch, SEND_BATCH_JOB, sendBatch, transportJobHandlers } from '../../server/domain/filings/transport.js';
import { claimJob, completeJob, failJob } from '../../server/jobs/queue.js';
import { createTestContext, TEST_SECRET, type TestContext } from './helpers/app.js';
import { fingerprintOf, startSftpServer, type TestSftpServer } from './helpers/sftp-server.js';
import { TEST_FIELD_KEY } from './helpers/template.js';

/**
 * Filing batches sent to FinCEN by SFTP (Secure Direct Transfer Mode), against a real SFTP server
 * in the test process: a batch lands in the server's submissions folder whole and once, however
 * often the send runs; a server down fails the send (FILING_FAILED) and the queue's retry delivers
 * it; a server whose host key is not the configured one is never sent anything; FinCEN's answers
 * left in the server's acknowledgements folder are brought down, applied and removed from it, the
 * messages file (the batch accepted or rejected) as well as the acknowledgement.
 */

let t: TestContext;
let dir: string;
let server: TestSftpServer;
let settings: SftpSettings;
const remote = (...path: string[]) => join(server.root, ...path);
const folders = (sftp: SftpSettings = settings): FilingFolders => ({ outbox: join(dir, 'outbox'), acknowledgements: join(dir, 'acks'), sftp });
const ctx = () => ({ db: t.database.db, dataDir: dir, workerId: 'sftp-test' });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vigil-sftp-test-'));
  t = await createTestContext({ dataDir: dir });
  // only this test's SARs are queued, and only its batches are sent
  await t.database.db.execute(sql`update sars set status = 'FILING_SUCCESS' where status in ('QUEUED_FOR_FILING', 'SENDING_TO_FINCEN')`);
  server = await startSftpServer();
  mkdirSync(remote('submissions'));
  mkdirSync(remote('acknowledgements'));
  // the server's settings as the configuration reads them
  settings = filingsSftpFrom({
    FILINGS_SFTP_HOST: '127.0.0.1',
    FILINGS_SFTP_PORT: String(server.port),
    FILINGS_SFTP_USER: server.username,
    FILINGS_SFTP_KEY_FILE: server.clientKeyFile,
    FILINGS_SFTP_HOST_KEY: server.hostKeyFingerprint,
  })!;
});
afterAll(async () => {
  await server?.stop();
  await t?.close();
});

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

/** A batch of one Demo Bank SAR, complete and submitted (its writing and review are sars.test.ts's); answers the batch, its file and the SAR. */
async function batchOfOne(name: string): Promise<{ batchId: number; fileName: string; content: string; sarId: number }> {
  const caseId = (await t.one<{ id: number }>(sql`select id from cases where org_id = 1 order by id limit 1`)).id;
  const sar = await t.one<{ id: number }>(
    sql`insert into sars (org_id, name, status, case_id, submitted, submitted_at, narrative, filing_type, activity_start, activity_end, total_amount,
        categories, subjects)
      values (1, ${name}, 'QUEUED_FOR_FILING', ${caseId}, true, now(), 'Nine cash deposits below the reporting threshold at three branches within two weeks.',
        'INITIAL', '2026-09-01', '2026-09-20', 28450, '[{"type": 1, "subtype": 114, "other": null}]'::jsonb, ${JSON.stringify([SUBJECT])}::jsonb)
      returning id`,
  );
  const batchId = (await buildSarBatch(t.database.db, 1, null))!;
  const batch = await t.one<{ file_name: string; content: string }>(sql`select file_name, content from filing_batches where id = ${batchId}`);
  return { batchId, fileName: batch.file_name, content: batch.content, sarId: sar.id };
}

const sarOf = (id: number) =>
  t.one<{ status: string; bsa_id: string | null; bsa_tracking_id: string | null; messages: Array<{ level: string; message: string; path: string }> }>(
    sql`select status, bsa_id, bsa_tracking_id, fincen_messages as messages from sars where id = ${id}`,
  );

/** The files in the server's submissions folder (temporary ones included). */
const submitted = () => readdirSync(remote('submissions')).sort();

const ERROR = (level: string, text: string, code: string) =>
  `<fc2:EFilingBatchErrorXML><fc2:ErrorContextText>EFilingBatchXML</fc2:ErrorContextText><fc2:ErrorLevelText>${level}</fc2:ErrorLevelText><fc2:ErrorText>${text}</fc2:ErrorText><fc2:ErrorTypeCode>${code}</fc2:ErrorTypeCode></fc2:EFilingBatchErrorXML>`;

/** FinCEN's messages file about a batch: `<batch file>.MESSAGES.XML`. */
const messagesFile = (status: 'A' | 'R', errors = '') => `<?xml version="1.0" encoding="UTF-8"?>
<fc2:EFilingMessagesXML xmlns:fc2="www.fincen.gov/base" StatusCode="${status}">
  <fc2:BSATrackingID>31000901230001</fc2:BSATrackingID>${errors}
</fc2:EFilingMessagesXML>`;

/** FinCEN's acknowledgement of a batch: `<batch file>.ACKED`. */
const acknowledgement = (status: 'A' | 'R', body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<fc2:EFilingBatchXML xmlns:fc2="www.fincen.gov/base" StatusCode="${status}">
  <fc2:EFilingSubmissionXML SeqNum="1"><fc2:BSATrackingID>31000901230001</fc2:BSATrackingID>${body}</fc2:EFilingSubmissionXML>
</fc2:EFilingBatchXML>`;

const seqOf = async (sarId: number) => (await t.one<{ batch_seq: number }>(sql`select batch_seq from sars where id = ${sarId}`)).batch_seq;

/** Leaves a file in the server's acknowledgements folder, as FinCEN does, and runs the acknowledgements task once. */
async function fincenAnswers(files: Record<string, string>) {
  for (const [name, xml] of Object.entries(files)) writeFileSync(remote('acknowledgements', name), xml);
  await acknowledgementsTask(60_000, folders()).run(ctx());
}

describe('sending a batch by SFTP', () => {
  it('puts the file, whole, in the server’s submissions folder, once however often the send runs', async () => {
    const { batchId, fileName, content, sarId } = await batchOfOne('SFTP SAR one');
    server.writes.length = 0;
    expect(await sendBatch(t.database.db, 1, batchId, folders(), false)).toBe('sent');
    expect(submitted()).toEqual([fileName]);
    // written under a temporary name, then renamed: the folder never shows half the file
    expect(server.writes).toEqual([`open submissions/.${fileName}.part`, `rename submissions/.${fileName}.part submissions/${fileName}`]);
    expect(readFileSync(remote('submissions', fileName), 'utf8')).toBe(content);
    // the local submissions folder keeps the record of what was sent
    expect(readFileSync(join(dir, 'outbox', fileName), 'utf8')).toBe(content);
    expect((await sarOf(sarId)).status).toBe('SENT_TO_FINCEN');

    // a send repeated after a crash between the upload and its record: the same file, not a second one
    await t.database.db.execute(sql`update filing_batches set sent_at = null where id = ${batchId}`);
    await t.database.db.execute(sql`update sars set status = 'SENDING_TO_FINCEN' where id = ${sarId}`);
    expect(await sendBatch(t.database.db, 1, batchId, folders(), false)).toBe('sent');
    expect(await sendBatch(t.database.db, 1, batchId, folders(), false)).toBe('already sent');
    expect(submitted()).toEqual([fileName]);
    expect(server.writes).toHaveLength(2);
    expect(readFileSync(remote('submissions', fileName), 'utf8')).toBe(content);
    // every connection was closed
    await vi.waitFor(() => expect(server.openConnections()).toBe(0));
  });

  it('refuses a file of the batch’s name and another size already on the server: never replaced', async () => {
    const { batchId, fileName, sarId } = await batchOfOne('SFTP SAR clash');
    writeFileSync(remote('submissions', fileName), 'someone else’s file');
    await expect(sendBatch(t.database.db, 1, batchId, folders(), false)).rejects.toThrow('already holds another file');
    expect(readFileSync(remote('submissions', fileName), 'utf8')).toBe('someone else’s file');
    expect((await sarOf(sarId)).status).toBe('FILING_FAILED');
  });

  it('with the server down the send fails (FILING_FAILED) and the queue’s retry delivers it once the server is back', async () => {
    const { batchId, fileName, content, sarId } = await batchOfOne('SFTP SAR two');
    // only this batch's send job is waiting
    await t.database.db.execute(
      sql`update jobs set status = 'succeeded' where kind = ${SEND_BATCH_JOB} and status = 'queued' and (payload->>'batch_id')::int <> ${batchId}`,
    );
    const send = transportJobHandlers(folders())[SEND_BATCH_JOB];
    await server.stop();
    try {
      const job = (await claimJob(t.database.db, 'sftp-test', [SEND_BATCH_JOB], 15))!;
      expect(job.payload.batch_id).toBe(batchId);
      const failure = await send(job, ctx()).catch((error: unknown) => error);
      expect(String(failure)).toContain('cannot connect to the SFTP server');
      expect(await failJob(t.database.db, job, 'sftp-test', failure)).toBe('retry');
    } finally {
      await server.start();
    }
    expect((await sarOf(sarId)).status).toBe('FILING_FAILED');
    expect(await t.one(sql`select send_attempts, sent_at is null as unsent from filing_batches where id = ${batchId}`)).toEqual({
      send_attempts: 1,
      unsent: true,
    });
    expect(submitted()).not.toContain(fileName);

    // the retry falls due (its backoff skipped) and runs against the server, up again
    await t.database.db.execute(sql`update jobs set run_at = now() where kind = ${SEND_BATCH_JOB} and status = 'queued'`);
    const retry = (await claimJob(t.database.db, 'sftp-test', [SEND_BATCH_JOB], 15))!;
    expect(retry.payload.batch_id).toBe(batchId);
    expect(await send(retry, ctx())).toEqual({ result: 'sent' });
    await completeJob(t.database.db, retry.id, 'sftp-test', null);
    expect(readFileSync(remote('submissions', fileName), 'utf8')).toBe(content);
    expect((await sarOf(sarId)).status).toBe('SENT_TO_FINCEN');
  });

  it('never sends to a server whose host key is not FILINGS_SFTP_HOST_KEY', async () => {
    const { batchId, fileName, sarId } = await batchOfOne('SFTP SAR three');
    const otherKey = fingerprintOf(utils.generateKeyPairSync('ed25519').public);
    await expect(sendBatch(t.database.db, 1, batchId, folders({ ...settings, hostKey: otherKey }), false)).rejects.toThrow(
      `presented the host key ${server.hostKeyFingerprint}, not FILINGS_SFTP_HOST_KEY`,
    );
    expect(submitted()).not.toContain(fileName);
    expect(submitted().filter((f) => f.includes(fileName))).toEqual([]);
    expect((await sarOf(sarId)).status).toBe('FILING_FAILED');
    // with the right key it goes
    expect(await sendBatch(t.database.db, 1, batchId, folders(), false)).toBe('sent');
    expect(submitted()).toContain(fileName);
  });
});

describe('FinCEN’s answers on the SFTP server', () => {
  it('an acknowledgement is brought down, applied (the SAR gets its BSA ID) and removed from the server', async () => {
    const { batchId, fileName, sarId } = await batchOfOne('SFTP SAR acknowledged');
    await sendBatch(t.database.db, 1, batchId, folders(), false);
    const name = `${fileName}.ACKED`;
    await fincenAnswers({
      [name]: acknowledgement('A', `<fc2:EFilingActivityXML SeqNum="${await seqOf(sarId)}"><fc2:BSAID>31000123450001</fc2:BSAID></fc2:EFilingActivityXML>`),
    });
    expect(await sarOf(sarId)).toMatchObject({ status: 'FILING_SUCCESS', bsa_id: '31000123450001', bsa_tracking_id: '31000901230001' });
    expect(existsSync(remote('acknowledgements', name))).toBe(false);
    expect(existsSync(join(dir, 'acks', 'processed', name))).toBe(true);
    expect(readdirSync(join(dir, 'acks')).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it('an answer that cannot be brought down stays on the server for the next run', async () => {
    const { batchId, fileName, sarId } = await batchOfOne('SFTP SAR fetched later');
    await sendBatch(t.database.db, 1, batchId, folders(), false);
    const name = `${fileName}.ACKED`;
    // the local temporary file cannot be written: a folder is in its place
    const blocker = join(dir, 'acks', `.${name}.part`);
    mkdirSync(blocker, { recursive: true });
    const warnings: unknown[] = [];
    writeFileSync(
      remote('acknowledgements', name),
      acknowledgement('A', `<fc2:EFilingActivityXML SeqNum="${await seqOf(sarId)}"><fc2:BSAID>31000123450009</fc2:BSAID></fc2:EFilingActivityXML>`),
    );
    await acknowledgementsTask(60_000, folders()).run({ ...ctx(), log: (_level, _message, details) => warnings.push(details) });
    expect(existsSync(remote('acknowledgements', name))).toBe(true);
    expect(warnings).toMatchObject([{ file: name, error: expect.any(String) }]);
    expect((await sarOf(sarId)).status).toBe('SENT_TO_FINCEN');
    rmSync(blocker, { recursive: true });
    await acknowledgementsTask(60_000, folders()).run(ctx());
    expect(existsSync(remote('acknowledgements', name))).toBe(false);
    expect(await sarOf(sarId)).toMatchObject({ status: 'FILING_SUCCESS', bsa_id: '31000123450009' });
  });

  it('a messages file rejecting a batch rejects its SARs with the errors; the acknowledgement after it has the last word', async () => {
    const { batchId, fileName, sarId } = await batchOfOne('SFTP SAR rejected');
    await sendBatch(t.database.db, 1, batchId, folders(), false);
    await fincenAnswers({ [`${fileName}.MESSAGES.XML`]: messagesFile('R', ERROR('FATAL', 'The batch does not validate against the schema', 'E01')) });
    const rejected = await sarOf(sarId);
    expect(rejected.status).toBe('FINCEN_REJECTED');
    expect(rejected.messages).toEqual([{ path: 'EFilingBatchXML', level: 'FATAL', message: 'The batch does not validate against the schema [E01]' }]);
    expect(rejected.bsa_tracking_id).toBe('31000901230001');
    expect(await t.one(sql`select ack_status, rejected_count from filing_batches where id = ${batchId}`)).toEqual({
      ack_status: 'REJECTED',
      rejected_count: 1,
    });
    expect(existsSync(remote('acknowledgements', `${fileName}.MESSAGES.XML`))).toBe(false);

    // the acknowledgement rejecting it too: its errors are the SAR's
    await fincenAnswers({
      [`${fileName}.ACKED`]: acknowledgement('R', '').replace(
        '<fc2:EFilingSubmissionXML',
        `${ERROR('FATAL', 'Duplicate file', 'E02')}<fc2:EFilingSubmissionXML`,
      ),
    });
    const final = await sarOf(sarId);
    expect(final.status).toBe('FINCEN_REJECTED');
    expect(final.messages).toEqual([{ path: 'EFilingBatchXML', level: 'FATAL', message: 'Duplicate file [E02]' }]);
  });

  it('an accepted batch: FINCEN_ACCEPTED, then FILING_SUCCESS with the acknowledgement; a messages file after the acknowledgement changes nothing', async () => {
    const first = await batchOfOne('SFTP SAR accepted');
    await sendBatch(t.database.db, 1, first.batchId, folders(), false);
    await fincenAnswers({ [`${first.fileName}.MESSAGES.XML`]: messagesFile('A', ERROR('WARN', 'The transmitter contact is missing', 'W01')) });
    expect((await sarOf(first.sarId)).status).toBe('FINCEN_ACCEPTED');
    expect(await t.one(sql`select ack_status from filing_batches where id = ${first.batchId}`)).toEqual({ ack_status: 'ACCEPTED_WITH_WARNINGS' });
    await fincenAnswers({
      [`${first.fileName}.ACKED`]: acknowledgement(
        'A',
        `<fc2:EFilingActivityXML SeqNum="${await seqOf(first.sarId)}"><fc2:BSAID>31000123450002</fc2:BSAID></fc2:EFilingActivityXML>`,
      ),
    });
    expect(await sarOf(first.sarId)).toMatchObject({ status: 'FILING_SUCCESS', bsa_id: '31000123450002' });
    expect(await t.one(sql`select ack_status from filing_batches where id = ${first.batchId}`)).toEqual({ ack_status: 'ACCEPTED' });

    // the other order: the acknowledgement first, the messages file (rejecting, even) after it changes nothing
    const second = await batchOfOne('SFTP SAR acknowledged first');
    await sendBatch(t.database.db, 1, second.batchId, folders(), false);
    await fincenAnswers({
      [`${second.fileName}.ACKED`]: acknowledgement(
        'A',
        `<fc2:EFilingActivityXML SeqNum="${await seqOf(second.sarId)}"><fc2:BSAID>31000123450003</fc2:BSAID></fc2:EFilingActivityXML>`,
      ),
    });
    await fincenAnswers({ [`${second.fileName}.MESSAGES.XML`]: messagesFile('R', ERROR('FATAL', 'Late and wrong', 'E09')) });
    expect(await sarOf(second.sarId)).toMatchObject({ status: 'FILING_SUCCESS', bsa_id: '31000123450003', messages: [] });
    expect(await t.one(sql`select ack_status from filing_batches where id = ${second.batchId}`)).toEqual({ ack_status: 'ACCEPTED' });
  });

  it('a messages file of a report type that reads none sets the batch’s status and errors; one that is not a messages file is put aside', async () => {
    const batch = await t.one<{ id: number }>(
      sql`insert into filing_batches (org_id, report_type, status, total_count, file_name, content, sent_at)
        values (1, 'CTR', 'READY', 0, ${`CTRXST.1.sftp-test.xml`}, '<EFilingBatchXML/>', now()) returning id`,
    );
    const folder = join(dir, 'acks');
    writeFileSync(join(folder, 'CTRXST.1.sftp-test.xml.MESSAGES.XML'), messagesFile('R', ERROR('FATAL', 'The batch is empty', 'E03')));
    writeFileSync(join(folder, 'CTRXST.1.sftp-test.xml.bad.MESSAGES.XML'), '<fc2:EFilingMessagesXML xmlns:fc2="www.fincen.gov/base"/>');
    const read = await readAcknowledgements(t.database.db, folder);
    expect(read.find((r) => r.file === 'CTRXST.1.sftp-test.xml.MESSAGES.XML')).toEqual({ file: 'CTRXST.1.sftp-test.xml.MESSAGES.XML', batchId: batch.id });
    expect(read.find((r) => r.file === 'CTRXST.1.sftp-test.xml.bad.MESSAGES.XML')?.error).toContain('names no batch status');
    expect(existsSync(join(folder, 'unreadable', 'CTRXST.1.sftp-test.xml.bad.MESSAGES.XML'))).toBe(true);
    expect(await t.one(sql`select ack_status, ack_messages from filing_batches where id = ${batch.id}`)).toEqual({
      ack_status: 'REJECTED',
      ack_messages: [{ path: 'EFilingBatchXML', level: 'FATAL', message: 'The batch is empty [E03]' }],
    });
  });

  it('with the server down the local folder is still read, and the task reports the failure', async () => {
    const { batchId, fileName, sarId } = await batchOfOne('SFTP SAR read locally');
    await sendBatch(t.database.db, 1, batchId, folders(), false);
    writeFileSync(join(dir, 'acks', `${fileName}.MESSAGES.XML`), messagesFile('A'));
    await server.stop();
    try {
      await expect(acknowledgementsTask(60_000, folders()).run(ctx())).rejects.toThrow('cannot connect to the SFTP server');
    } finally {
      await server.start();
    }
    expect((await sarOf(sarId)).status).toBe('FINCEN_ACCEPTED');
  });
});

describe('the SFTP configuration', () => {
  const base = { JWT_SECRET: TEST_SECRET, FIELD_ENCRYPTION_KEY: TEST_FIELD_KEY.toString('base64'), DATA_DIR: '.tmp/unused' };

  it('is off without FILINGS_SFTP_HOST, and defaults the port and the remote folders', () => {
    expect(loadConfig(base).filingsSftp).toBeUndefined();
    const fingerprint = server.hostKeyFingerprint;
    expect(
      loadConfig({
        ...base,
        FILINGS_SFTP_HOST: 'sdtm.fincen.example',
        FILINGS_SFTP_USER: 'bank',
        FILINGS_SFTP_KEY_FILE: server.clientKeyFile,
        // as ssh-keygen prints it, or the bare base64 with its padding
        FILINGS_SFTP_HOST_KEY: `${fingerprint.slice('SHA256:'.length)}=`,
      }).filingsSftp,
    ).toEqual({
      host: 'sdtm.fincen.example',
      port: 22,
      username: 'bank',
      keyFile: server.clientKeyFile,
      hostKey: fingerprint,
      submissionsDir: 'submissions',
      acknowledgementsDir: 'acknowledgements',
    });
  });

  it('refuses to start with a host and no host key, a malformed host key, or no user or key file', () => {
    const full = {
      FILINGS_SFTP_HOST: 'sdtm.fincen.example',
      FILINGS_SFTP_USER: 'bank',
      FILINGS_SFTP_KEY_FILE: server.clientKeyFile,
      FILINGS_SFTP_HOST_KEY: server.hostKeyFingerprint,
    };
    expect(() => loadConfig({ ...base, ...full, FILINGS_SFTP_HOST_KEY: undefined })).toThrow('FILINGS_SFTP_HOST_KEY is required with FILINGS_SFTP_HOST');
    expect(() => loadConfig({ ...base, ...full, FILINGS_SFTP_HOST_KEY: 'MD5:12:34' })).toThrow('FILINGS_SFTP_HOST_KEY must be a SHA-256 host key fingerprint');
    expect(() => loadConfig({ ...base, ...full, FILINGS_SFTP_USER: '' })).toThrow('FILINGS_SFTP_USER is required');
    expect(() => loadConfig({ ...base, ...full, FILINGS_SFTP_KEY_FILE: undefined })).toThrow('FILINGS_SFTP_KEY_FILE');
    expect(() => loadConfig({ ...base, ...full, FILINGS_SFTP_KEY_FILE: join(dir, 'no-such-key') })).toThrow('FILINGS_SFTP_KEY_FILE names no file');
    expect(() => loadConfig({ ...base, ...full, FILINGS_SFTP_PORT: '70000' })).toThrow('FILINGS_SFTP_PORT');
    expect(
      loadConfig({ ...base, ...full, FILINGS_SFTP_PORT: '2222', FILINGS_SFTP_SUBMISSIONS_DIR: '/in', FILINGS_SFTP_ACK_DIR: '/out' }).filingsSftp,
    ).toMatchObject({
      port: 2222,
      submissionsDir: '/in',
      acknowledgementsDir: '/out',
    });
  });
});
