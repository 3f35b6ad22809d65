import { sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import { sarNext, sarSnapshot, SUBMITTED_STATUSES, type SarEvent } from '../../../machines/sar.machine.js';
import { effectivePermissions, hasPermission, type Principal } from '../../auth/principal.js';
import { visibleCase, visibleSar } from '../../auth/visibility.js';
import { firstRow, intArray, iso, type SqlRunner, type Ts } from '../../db/sql.js';
import { suspiciousActivitySubtype } from '../../../core/filings/fincen-codes.js';
import { draftFromCase } from '../../domain/filings/sar-draft.js';
import { enqueuePrefiling } from '../../domain/filings/jobs.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { notifyAgent } from '../../lib/notify.js';
import { defineHandlers } from '../types.js';
import { fromSubject, toSubject, type StoredSubject } from './sars.mappers.js';

/**
 * Writing a SAR: from a case, saved while editable, sent to review, submitted, archived. Which
 * request a SAR takes is the lifecycle machine's answer for its stored status
 * (machines/sar.machine.ts); each write repeats the status it expects in SQL, so a racing request
 * changes nothing.
 */

type S = components['schemas'];

/** The days a new SAR has before its deadline (FinCEN: 30 days from detecting the activity). */
export const SAR_DEADLINE_DAYS = 30;

const CANNOT: Partial<Record<SarEvent['type'], string>> = {
  'sar.edit': 'This SAR cannot be changed: it is archived, submitted for filing, or being validated.',
  'sar.review': 'Only a SAR whose prefiling validation succeeded can be sent to review.',
  'sar.submit': 'Only a SAR ready for review can be submitted for filing.',
  'sar.archive': 'This SAR cannot be archived: it is being validated or is in FinCEN’s hands.',
};

interface FilingRow {
  id: number;
  name: string;
  status: string;
  submitted: boolean;
  case_id: number | null;
  reviewer_id: number | null;
  filing_type: S['FilingType'];
  prior_bsa_id: string | null;
  activity_start: string | null;
  activity_end: string | null;
  total_amount: number | null;
  categories: S['SarCategory'][];
  subjects: StoredSubject[];
  ip_addresses: S['SarFiling']['ip_addresses'];
  narrative: string | null;
  transaction_ids: number[];
  prefiling_problems: S['FieldProblem'][];
  validated_at: Ts | null;
  fincen_messages: S['FieldProblem'][];
  updated_at: Ts;
  deadline: Ts | null;
  batch_id: number | null;
  filed_at: Ts | null;
  bsa_id: string | null;
  bsa_tracking_id: string | null;
  car_alert_scheduled_at: Ts | null;
}

/** What the principal may do with a SAR in this status. */
function actionsFor(p: Principal, status: string): S['SarAction'][] {
  const snapshot = sarSnapshot(status);
  if (!snapshot) return [];
  const edit = hasPermission(p, 'edit_sars');
  const out: S['SarAction'][] = [];
  if (edit && snapshot.can({ type: 'sar.edit' })) out.push('edit');
  if (edit && snapshot.can({ type: 'sar.review' })) out.push('review');
  if (edit && hasPermission(p, 'submit_sars') && snapshot.can({ type: 'sar.submit' })) out.push('submit');
  if (edit && snapshot.can({ type: 'sar.archive' })) out.push('archive');
  return out;
}

export async function loadFiling(db: SqlRunner, p: Principal, id: number): Promise<S['SarFiling']> {
  await visibleSar(db, p, id);
  const row = await firstRow<FilingRow>(
    db,
    sql`select s.id, s.name, s.status, s.submitted, s.case_id, s.reviewer_id, s.filing_type, s.prior_bsa_id,
        s.activity_start::text as activity_start, s.activity_end::text as activity_end, s.total_amount::float8 as total_amount,
        s.categories, s.subjects, s.ip_addresses, s.narrative, s.prefiling_problems, s.validated_at, s.fincen_messages, s.updated_at,
        s.deadline, s.batch_id, s.filed_at, s.bsa_id, s.bsa_tracking_id, s.car_alert_scheduled_at,
        coalesce((select array_agg(st.transaction_id order by st.transaction_id) from sar_transactions st
          where st.org_id = s.org_id and st.sar_id = s.id), '{}') as transaction_ids
      from sars s where s.org_id = ${p.orgId} and s.id = ${id}`,
  );
  if (!row) throw notFound('SAR');
  return {
    id: row.id,
    name: row.name,
    status: row.status as S['SarStatus'],
    submitted: row.submitted,
    case_id: row.case_id,
    reviewer_id: row.reviewer_id,
    filing_type: row.filing_type,
    prior_bsa_id: row.prior_bsa_id,
    activity_start: row.activity_start,
    activity_end: row.activity_end,
    total_amount: row.total_amount,
    categories: row.categories,
    subjects: row.subjects.map(fromSubject),
    ip_addresses: row.ip_addresses,
    narrative: row.narrative ?? '',
    transaction_ids: row.transaction_ids,
    problems: row.prefiling_problems,
    validated_at: iso(row.validated_at),
    fincen_messages: row.fincen_messages,
    actions: actionsFor(p, row.status),
    updated_at: iso(row.updated_at),
    deadline: iso(row.deadline),
    batch_id: row.batch_id,
    filed_at: iso(row.filed_at),
    bsa_id: row.bsa_id,
    bsa_tracking_id: row.bsa_tracking_id,
    car_alert_scheduled_at: iso(row.car_alert_scheduled_at),
  };
}

/** The organisation's time zone (business days and activity dates are reckoned in it). */
export async function orgZone(db: SqlRunner, orgId: number): Promise<string> {
  const row = await firstRow<{ timezone: string }>(db, sql`select timezone from organisation_settings where org_id = ${orgId}`);
  return row?.timezone ?? 'America/New_York';
}

/** A reviewer must be an active agent of the organisation who may submit SARs. */
async function checkReviewer(db: SqlRunner, orgId: number, reviewerId: number | null) {
  if (reviewerId === null) return;
  const found = await firstRow<{ id: number }>(db, sql`select a.id from agents a where a.org_id = ${orgId} and a.id = ${reviewerId} and a.status = 'active'`);
  const held = found ? await effectivePermissions(db, reviewerId) : new Set<string>();
  // root_all holds every permission
  if (!found || !(held.has('submit_sars') || held.has('root_all')))
    throw badRequest('The reviewer must be an active agent who may submit SARs.', [
      { path: 'body/reviewer_id', message: 'is not an active agent who may submit SARs' },
    ]);
}

/** Shape checks the contract cannot make: dates in order, categories and subjects well formed. */
function checkBody(body: S['SarFilingInput']) {
  const details: { path: string; message: string }[] = [];
  const validDate = (d: string | null) => d === null || !Number.isNaN(Date.parse(`${d}T00:00:00Z`));
  if (!validDate(body.activity_start)) details.push({ path: 'body/activity_start', message: 'is not a date' });
  if (!validDate(body.activity_end)) details.push({ path: 'body/activity_end', message: 'is not a date' });
  if (body.activity_start && body.activity_end && body.activity_start > body.activity_end)
    details.push({ path: 'body/activity_end', message: 'is before the start of the activity' });
  body.categories.forEach((c, i) => {
    const known = suspiciousActivitySubtype(c.subtype);
    if (!known) details.push({ path: `body/categories/${i}/subtype`, message: 'is not a FinCEN suspicious activity subtype' });
    else if (known.type !== c.type) details.push({ path: `body/categories/${i}/subtype`, message: `is not a subtype of type ${c.type}` });
  });
  if (new Set(body.categories.map((c) => c.subtype)).size !== body.categories.length)
    details.push({ path: 'body/categories', message: 'names a category twice' });
  if (details.length) throw badRequest('The SAR has fields that cannot be saved.', details);
}

/** Moves a SAR by a lifecycle event, if its status (re-read under lock) still takes it. */
async function move(tx: SqlRunner, p: Principal, id: number, event: SarEvent['type']): Promise<{ from: string; to: string }> {
  const row = await firstRow<{ status: string }>(tx, sql`select status from sars where org_id = ${p.orgId} and id = ${id} for update`);
  if (!row) throw notFound('SAR');
  const to = sarNext(row.status, event);
  if (!to) throw conflict(CANNOT[event] ?? 'The SAR’s status does not allow this.');
  await tx.execute(
    sql`update sars set status = ${to}, submitted = ${SUBMITTED_STATUSES.includes(to)}, updated_at = now() where org_id = ${p.orgId} and id = ${id}`,
  );
  return { from: row.status, to };
}

export const sarWriteHandlers = defineHandlers({
  async createSarFromCase({ db, req, reply, principal, params, body }) {
    const kase = await visibleCase(db, principal, params.id);
    const zone = await orgZone(db, principal.orgId);
    const id = await db.transaction(async (tx) => {
      const info = await firstRow<{ title: string; queue_id: number | null }>(
        tx,
        sql`select title, queue_id from cases where org_id = ${principal.orgId} and id = ${kase.id}`,
      );
      if (!info) throw notFound('Case');
      const draft = await draftFromCase(tx, principal, kase.id, zone);
      const created = await firstRow<{ id: number }>(
        tx,
        sql`insert into sars (org_id, name, status, queue_id, case_id, submitted, narrative, deadline, start_date, deadline_config, created_by_id,
            filing_type, activity_start, activity_end, total_amount, categories, subjects, ip_addresses)
          values (${principal.orgId}, ${body.name?.trim() || `SAR ${info.title}`.slice(0, 200)}, 'PREFILING_VALIDATION_PENDING', ${info.queue_id}, ${kase.id},
            false, ${draft.narrative}, now() + make_interval(days => ${SAR_DEADLINE_DAYS}), now(),
            ${JSON.stringify({ duration_seconds: SAR_DEADLINE_DAYS * 86_400 })}::jsonb, ${principal.agentId},
            ${draft.filingType}, ${draft.activityStart}::date, ${draft.activityEnd}::date, ${draft.totalAmount},
            ${JSON.stringify(draft.categories)}::jsonb, ${JSON.stringify(draft.subjects)}::jsonb, '[]'::jsonb)
          returning id`,
      );
      const sarId = created!.id;
      if (draft.transactionIds.length)
        await tx.execute(
          sql`insert into sar_transactions (org_id, sar_id, transaction_id) select ${principal.orgId}, ${sarId}, unnest(${intArray(draft.transactionIds)})`,
        );
      await enqueuePrefiling(tx, principal.orgId, sarId);
      await audit(tx, req, {
        orgId: principal.orgId,
        agentId: principal.agentId,
        action: 'sar.created',
        objectType: 'SAR',
        objectId: sarId,
        after: { case_id: kase.id, subjects: draft.subjects.length, transactions: draft.transactionIds.length },
      });
      return sarId;
    });
    reply.code(201);
    return loadFiling(db, principal, id);
  },

  async getSarFiling({ db, principal, params }) {
    return loadFiling(db, principal, params.id);
  },

  async updateSarFiling({ db, req, principal, params, body }) {
    await visibleSar(db, principal, params.id);
    checkBody(body);
    await checkReviewer(db, principal.orgId, body.reviewer_id);
    await db.transaction(async (tx) => {
      const before = await loadFiling(tx, principal, params.id);
      const { from } = await move(tx, principal, params.id, 'sar.edit');
      await tx.execute(
        sql`update sars set name = ${body.name.trim()}, reviewer_id = ${body.reviewer_id}, filing_type = ${body.filing_type},
            prior_bsa_id = ${body.prior_bsa_id}, activity_start = ${body.activity_start}::date, activity_end = ${body.activity_end}::date,
            total_amount = ${body.total_amount}, categories = ${JSON.stringify(body.categories)}::jsonb,
            subjects = ${JSON.stringify(body.subjects.map(toSubject))}::jsonb, ip_addresses = ${JSON.stringify(body.ip_addresses)}::jsonb,
            narrative = ${body.narrative}, fincen_messages = case when ${from} in ('FINCEN_REJECTED', 'FINCEN_VALIDATION_FAILED') then fincen_messages else '[]'::jsonb end
          where org_id = ${principal.orgId} and id = ${params.id}`,
      );
      await enqueuePrefiling(tx, principal.orgId, params.id);
      const changed = Object.keys(body).filter(
        (k) => JSON.stringify((before as Record<string, unknown>)[k]) !== JSON.stringify((body as Record<string, unknown>)[k]),
      );
      await audit(tx, req, {
        orgId: principal.orgId,
        agentId: principal.agentId,
        action: 'sar.updated',
        objectType: 'SAR',
        objectId: params.id,
        before: { status: from },
        after: { status: 'PREFILING_VALIDATION_PENDING', changed },
      });
      if (body.reviewer_id !== null && body.reviewer_id !== before.reviewer_id && body.reviewer_id !== principal.agentId)
        await notifyAgent(tx, {
          orgId: principal.orgId,
          agentId: body.reviewer_id,
          kind: 'assignment',
          content: `You are the reviewer of SAR ${params.id}: ${body.name.trim()}`,
          entityType: 'SAR',
          entityId: params.id,
        });
    });
    return loadFiling(db, principal, params.id);
  },

  async setSarStatus({ db, req, principal, params, body }) {
    await visibleSar(db, principal, params.id);
    const event = ({ review: 'sar.review', submit: 'sar.submit', archive: 'sar.archive' } as const)[body.action];
    if (event === 'sar.submit' && !hasPermission(principal, 'submit_sars')) throw forbidden('Submitting a SAR for filing needs the submit SARs permission.');
    await db.transaction(async (tx) => {
      const { from, to } = await move(tx, principal, params.id, event);
      if (event === 'sar.submit')
        await tx.execute(
          sql`update sars set submitted_by_id = ${principal.agentId}, submitted_at = now() where org_id = ${principal.orgId} and id = ${params.id}`,
        );
      await audit(tx, req, {
        orgId: principal.orgId,
        agentId: principal.agentId,
        action: `sar.${body.action}`,
        objectType: 'SAR',
        objectId: params.id,
        before: { status: from },
        after: { status: to },
      });
      const sar = await firstRow<{ name: string; reviewer_id: number | null; created_by_id: number | null }>(
        tx,
        sql`select name, reviewer_id, created_by_id from sars where org_id = ${principal.orgId} and id = ${params.id}`,
      );
      // the reviewer hears of a SAR sent to them; the writer hears of their SAR submitted
      const notify = event === 'sar.review' ? sar?.reviewer_id : event === 'sar.submit' ? sar?.created_by_id : null;
      if (sar && notify && notify !== principal.agentId)
        await notifyAgent(tx, {
          orgId: principal.orgId,
          agentId: notify,
          kind: 'assignment',
          content: event === 'sar.review' ? `SAR ${params.id} is ready for your review: ${sar.name}` : `SAR ${params.id} was submitted for filing: ${sar.name}`,
          entityType: 'SAR',
          entityId: params.id,
        });
    });
    return loadFiling(db, principal, params.id);
  },
});
