import { PgDialect } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../auth/principal.js';
import type { SqlExecutor } from '../db/client.js';
import { intArray, rows, type SqlRunner } from '../db/sql.js';
import { strFromCase } from '../domain/filings/fintrac/draft.js';
import { fintracSubject, fintracTransactions } from '../domain/filings/fintrac/draft.js';
import { fintracFileName, fintracProblems, storedFintracFilings } from '../domain/filings/fintrac/jobs.js';
import { fintracBatchJson } from '../domain/filings/fintrac/report-json.js';
import { lctrWindows } from '../domain/filings/fintrac/lctr.js';
import type { FintracContent, FintracFiling, FintracSettings, FintracSubject } from '../domain/filings/fintrac/model.js';
import { customerSubjects } from '../domain/filings/sar-draft.js';
import type { OrgContext } from './context.js';
import { pad } from './customers.js';
import { DAY, iso, SEED_NOW } from './time.js';

/**
 * Northwind's FINTRAC reports, written by the product's own code from the seeded data once it is
 * in place (after the sequences are reset, in the seed's transaction): its reporting entity
 * settings; STRs from its first cases with transactions (one filed and acknowledged, one ready for
 * review, one whose validation found what is missing, one validated); and LCTRs from its cash
 * deposits of 10,000 dollars or more (the 24-hour rule applied), those of the months its seeded
 * FINTRAC batches cover filed in them and answered as the batch was, the later ones waiting for
 * review. Identity details the customer records do not hold (an LCTR conductor's identification,
 * a postal code) are filled in, deterministically, on the reports an analyst would have completed.
 */

export const NORTHWIND_FINTRAC_SETTINGS: FintracSettings = {
  reporting_entity_number: '7000123',
  entity_name: 'Northwind Credit Union',
  location: { street: '200 Bay Street', city: 'Toronto', province: 'ON', postal_code: 'M5J 2J5', country: 'CA' },
  contact: { name: 'Northwind Compliance Office', email: 'compliance@northwind.test', phone: '4165550100' },
  lctr_enabled: true,
  max_send_attempts: 5,
};

const dialect = new PgDialect();

/** The seed's transaction as the product's queries run on it. */
function runner(tx: SqlExecutor): SqlRunner {
  return { execute: (query: SQL) => tx.query(dialect.sqlToQuery(query).sql, dialect.sqlToQuery(query).params) };
}

function writer(org: OrgContext): Principal {
  return {
    agentId: org.adminId,
    orgId: org.id,
    homeOrgId: org.id,
    email: 'seed@northwind.test',
    fullName: 'Seed',
    isInternal: false,
    isAiAdmin: false,
    permissions: new Set(),
    rootAll: true,
    featureFlags: new Set(),
    sessionFamily: 'seed',
    connection: 'email',
    impersonationLogId: null,
    actorId: null,
  };
}

const POSTAL = ['M5V 2T6', 'K1P 5J2', 'H3B 1A7', 'T2P 3C5', 'V6B 4Y8', 'R3C 4T3'];

/** A subject as an analyst completes it before filing: what the record lacks, filled in from its id. */
function completed(s: FintracSubject, i: number): FintracSubject {
  const n = s.entity_id ?? i + 1;
  const person = s.kind === 'PERSON';
  return {
    ...s,
    given_name: person ? (s.given_name ?? 'Alex') : null,
    date_of_birth: person ? (s.date_of_birth ?? `19${pad(60 + (n % 35), 2)}-0${1 + (n % 9)}-1${n % 9}`) : null,
    occupation: s.occupation ?? (person ? 'Self-employed' : 'Retail trade'),
    address: {
      street: s.address?.street ?? `${100 + (n % 800)} King Street West`,
      city: s.address?.city ?? 'Toronto',
      province: s.address?.province && s.address.country === 'CA' ? s.address.province : 'ON',
      postal_code: POSTAL[n % POSTAL.length],
      country: 'CA',
    },
    identification: person
      ? (s.identification ?? { type: 'DRIVERS_LICENCE', number: `D${pad(n * 7919, 9)}`, jurisdiction_country: 'CA', jurisdiction_province: 'ON' })
      : null,
  };
}

interface Insert {
  type: 'STR' | 'LCTR';
  status: string;
  name: string;
  reference: string;
  queueId: number | null;
  caseId: number | null;
  reviewerId: number | null;
  createdBy: number | null;
  created: number;
  deadline: number;
  content: FintracContent;
  twentyFour: boolean;
  lctrKey: string | null;
  batchId: number | null;
  batchSeq: number | null;
  filed: number | null;
  reportId: string | null;
  problems: unknown[];
}

async function insert(db: SqlRunner, orgId: number, r: Insert): Promise<number> {
  const total = Math.round(r.content.transactions.reduce((s, t) => s + (t.amount ?? 0), 0) * 100) / 100;
  const [row] = await rows<{ id: number }>(
    db,
    sql`insert into fintrac_reports (org_id, report_type, status, name, reference, queue_id, case_id, reviewer_id, created_by_id, created_at, updated_at,
        deadline, content, total_amount, twenty_four_hour_rule, lctr_key, problems, validated_at, submitted_at, batch_id, batch_seq, filed_at, fintrac_report_id)
      values (${orgId}, ${r.type}, ${r.status}, ${r.name}, ${r.reference}, ${r.queueId}, ${r.caseId}, ${r.reviewerId}, ${r.createdBy}, ${iso(r.created)}::timestamptz,
        ${iso(r.filed ?? r.created)}::timestamptz, ${iso(r.deadline)}::timestamptz, ${JSON.stringify(r.content)}::jsonb, ${total}, ${r.twentyFour}, ${r.lctrKey},
        ${JSON.stringify(r.problems)}::jsonb, ${r.status.startsWith('PREFILING_VALIDATION_P') ? null : iso(r.created + 60_000)}::timestamptz,
        ${r.filed === null ? null : iso(r.filed - 3600_000)}::timestamptz, ${r.batchId}, ${r.batchSeq}, ${r.filed === null ? null : iso(r.filed)}::timestamptz, ${r.reportId})
      returning id`,
  );
  return row.id;
}

const filing = (type: 'STR' | 'LCTR', content: FintracContent, twentyFour: boolean, today: number): FintracFiling => ({
  id: 0,
  reportType: type,
  reference: 'seed',
  content,
  twentyFourHourRule: twentyFour,
  today: iso(today).slice(0, 10),
});

/** Writes Northwind's FINTRAC examples; answers how many reports and notifications it wrote. */
export async function seedFintrac(tx: SqlExecutor, org: OrgContext): Promise<{ reports: number; notifications: number }> {
  const db = runner(tx);
  const settings = NORTHWIND_FINTRAC_SETTINGS;
  await db.execute(sql`insert into fintrac_settings (org_id, settings, updated_by_id, updated_at)
    values (${org.id}, ${JSON.stringify(settings)}::jsonb, ${org.managerId}, ${iso(SEED_NOW - 200 * DAY)}::timestamptz)`);
  const zone = 'America/Toronto';
  const principal = writer(org);
  let count = 0;

  // STRs from the first cases whose alerts hold transactions
  const cases = await rows<{ id: number; title: string; queue_id: number | null; created_at: string; assignee_id: number | null; moved: boolean }>(
    db,
    sql`select c.id, c.title, c.queue_id, c.created_at, coalesce(c.assigned_to_id, c.created_by_id) as assignee_id,
        exists (select 1 from case_alerts ca join alert_transactions at on at.org_id = ca.org_id and at.alert_id = ca.alert_id
          where ca.org_id = c.org_id and ca.case_id = c.id) as moved
      from cases c where c.org_id = ${org.id} and exists (select 1 from case_entities ce where ce.org_id = c.org_id and ce.case_id = c.id)
      order by 6 desc, c.created_at, c.id limit 5`,
  );
  // the cases whose alerts moved money are reported, and completed; one without is a draft still missing its transactions
  const strStatuses = ['FILING_SUCCESS', 'READY_FOR_REVIEW', 'PREFILING_VALIDATION_SUCCESS'] as const;
  const filed: Array<{ id: number; at: number }> = [];
  for (const [i, c] of cases.entries()) {
    const status = c.moved ? strStatuses[i % strStatuses.length] : 'PREFILING_VALIDATION_FAILED';
    const draft = await strFromCase(db, principal, c.id, zone);
    const complete = c.moved;
    const content: FintracContent = complete
      ? {
          suspicion: `${draft.suspicion} The member's activity in case ${c.id} has no apparent business or lawful purpose and is inconsistent with the member's stated occupation and income.`,
          action_taken: 'Enhanced due diligence opened; the relationship is under review by the compliance office.',
          subjects: draft.subjects.map(completed),
          transactions: draft.transactions,
        }
      : draft;
    const created = Math.min(SEED_NOW - 2 * DAY, new Date(c.created_at).getTime() + 3 * DAY);
    const problems = fintracProblems(filing('STR', content, false, created), settings);
    const filedAt = status === 'FILING_SUCCESS' ? created + 5 * DAY : null;
    const reportId = await insert(db, org.id, {
      type: 'STR',
      status: problems.some((p) => p.level === 'FATAL') ? 'PREFILING_VALIDATION_FAILED' : status,
      name: `STR ${c.title}`.slice(0, 200),
      reference: `STR-${org.id}-C${c.id}`,
      queueId: c.queue_id,
      caseId: c.id,
      reviewerId: org.managerId,
      createdBy: c.assignee_id ?? org.workers[0] ?? null,
      created,
      deadline: created + 30 * DAY,
      content,
      twentyFour: false,
      lctrKey: null,
      batchId: null,
      batchSeq: null,
      filed: filedAt,
      reportId: filedAt === null ? null : `STR${pad(20260000 + c.id, 10)}`,
      problems,
    });
    if (filedAt !== null) filed.push({ id: reportId, at: filedAt });
    count++;
  }

  // LCTRs from the cash deposits, in the batches of their months
  const receipts = await rows<{ id: number; customer: number; at: string; amount: number }>(
    db,
    sql`select t.id, coalesce(t.receiver_entity_id, t.sender_entity_id) as customer, t.event_time as at, t.amount::float8 as amount
      from transactions t where t.org_id = ${org.id} and t.internal_txn_type = 'CASH_DEPOSIT' and t.status = 'COMPLETED' and not t.is_placeholder
        and t.currency = 'CAD' and coalesce(t.receiver_entity_id, t.sender_entity_id) is not null and t.amount > 0
        and exists (select 1 from transactions big where big.org_id = t.org_id and big.internal_txn_type = 'CASH_DEPOSIT' and big.amount >= 5000
          and coalesce(big.receiver_entity_id, big.sender_entity_id) = coalesce(t.receiver_entity_id, t.sender_entity_id))`,
  );
  const windows = lctrWindows(receipts.map((r) => ({ id: r.id, customer: r.customer, at: new Date(r.at).getTime(), amount: r.amount })));
  // those of the last 20 days wait for review (every other one still lacking what the record does not hold); older ones were filed
  const recent = SEED_NOW - 20 * DAY;
  for (const [i, w] of windows.sort((a, b) => a.receipts[0].at - b.receipts[0].at || a.customer - b.customer).entries()) {
    const first = w.receipts[0];
    const ids = w.receipts.map((r) => r.id);
    const subjects = (await customerSubjects(db, principal, [w.customer], ids)).map(fintracSubject);
    const transactions = await fintracTransactions(db, org.id, ids, new Set([w.customer]), zone);
    const waiting = first.at >= recent;
    const content: FintracContent = { suspicion: '', action_taken: '', subjects: waiting && i % 2 ? subjects : subjects.map(completed), transactions };
    const created = Math.min(SEED_NOW - DAY, first.at + DAY);
    const problems = fintracProblems(filing('LCTR', content, w.receipts.length > 1, created), settings);
    const status = !waiting ? 'FILING_SUCCESS' : problems.some((p) => p.level === 'FATAL') ? 'PREFILING_VALIDATION_FAILED' : 'PREFILING_VALIDATION_SUCCESS';
    const filedAt = waiting ? null : created + DAY;
    const reportId = await insert(db, org.id, {
      type: 'LCTR',
      status,
      name: `LCTR ${subjects[0]?.surname_or_name ?? `customer ${w.customer}`} ${iso(first.at).slice(0, 10)}`,
      reference: `LCTR-${org.id}-${first.id}`,
      queueId: null,
      caseId: null,
      reviewerId: waiting ? null : org.managerId,
      createdBy: null,
      created,
      deadline: first.at + 15 * DAY,
      content,
      twentyFour: w.receipts.length > 1,
      lctrKey: `${w.customer}:${first.id}`,
      batchId: null,
      batchSeq: null,
      filed: filedAt,
      reportId: filedAt === null ? null : `LCTR${pad(first.id, 10)}`,
      problems,
    });
    if (filedAt !== null) filed.push({ id: reportId, at: filedAt });
    count++;
  }

  // the filed reports went in one batch, whose file is the one FINTRAC accepted
  if (filed.length) {
    const at = Math.max(...filed.map((f) => f.at));
    const [batch] = await rows<{ id: number }>(
      db,
      sql`insert into filing_batches (org_id, report_type, status, total_count, accepted_count, earliest, latest, created_by_id, created_at, sent_at,
          send_attempts, ack_status, acknowledged_at)
        values (${org.id}, 'FINTRAC', 'READY', ${filed.length}, ${filed.length}, ${iso(Math.min(...filed.map((f) => f.at)))}::timestamptz,
          ${iso(at)}::timestamptz, ${org.managerId}, ${iso(at - 3600_000)}::timestamptz, ${iso(at)}::timestamptz, 1, 'ACCEPTED', ${iso(at + DAY)}::timestamptz)
        returning id`,
    );
    const fileName = fintracFileName(org.id, batch.id);
    const ids = filed.map((f) => f.id);
    await db.execute(sql`update fintrac_reports r set batch_id = ${batch.id}, batch_seq = x.seq
      from (select id, row_number() over (order by id)::int as seq from fintrac_reports where id = any(${intArray(ids)})) x where r.id = x.id`);
    const filings = (
      await storedFintracFilings(
        db,
        org.id,
        [...ids].sort((a, b) => a - b),
      )
    ).map((f) => ({ ...f, today: iso(at).slice(0, 10) }));
    const content = fintracBatchJson(filings, settings, fileName, iso(at - 3600_000).replace(/\.\d{3}Z$/, 'Z'));
    await db.execute(sql`update filing_batches set file_name = ${fileName}, content = ${content} where id = ${batch.id}`);
  }
  // the manager heard of the STR sent to them for review; the demo logins, of the STR FINTRAC accepted
  const heard = await rows<{ agent_id: number; id: number; content: string; at: string }>(
    db,
    sql`(select r.reviewer_id as agent_id, r.id, 'FINTRAC report ' || r.id || ' is ready for your review: ' || r.name as content,
          r.created_at + interval '2 hours' as at
        from fintrac_reports r where r.org_id = ${org.id} and r.status = 'READY_FOR_REVIEW' and r.reviewer_id is not null order by r.id limit 1)
      union all
      (select a.id, r.id, 'FINTRAC accepted report ' || r.id || ': ' || r.name, r.filed_at + interval '1 day'
        from fintrac_reports r, agents a where r.org_id = ${org.id} and r.report_type = 'STR' and r.status = 'FILING_SUCCESS'
          and a.org_id = r.org_id and a.email in ('analyst@northwind.test', 'admin@northwind.test') order by r.id, a.id limit 2)`,
  );
  for (const n of heard)
    await rows(
      db,
      sql`insert into notifications (org_id, agent_id, content, entity_type, entity_id, created_at)
        values (${org.id}, ${n.agent_id}, ${n.content}, 'FINTRAC_REPORT', ${n.id}, ${n.at}::timestamptz)`,
    );

  // the batches count what they hold
  await db.execute(sql`update filing_batches b set total_count = x.total, accepted_count = x.accepted, rejected_count = x.rejected
    from (select batch_id, count(*)::int as total, count(*) filter (where status = 'FILING_SUCCESS')::int as accepted,
      count(*) filter (where status in ('FINTRAC_REJECTED', 'FINTRAC_VALIDATION_FAILED', 'FILING_MAX_RETRIES_EXCEEDED'))::int as rejected
      from fintrac_reports where org_id = ${org.id} and batch_id is not null group by batch_id) x
    where b.org_id = ${org.id} and b.id = x.batch_id`);
  return { reports: count, notifications: heard.length };
}
