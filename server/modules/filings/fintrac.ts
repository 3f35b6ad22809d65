import { sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import { FINTRAC_SUBMITTED_STATUSES, fintracNext, fintracSnapshot, type FintracEvent } from '../../../machines/fintrac.machine.js';
import { effectivePermissions, hasPermission, type Principal } from '../../auth/principal.js';
import { sarVisible, visibleCase } from '../../auth/visibility.js';
import { assertId, firstRow, iso, type SqlRunner, type Ts } from '../../db/sql.js';
import { strFromCase } from '../../domain/filings/fintrac/draft.js';
import { enqueueFintracPrefiling, fintracSettingsOf } from '../../domain/filings/fintrac/jobs.js';
import { NO_FINTRAC_SETTINGS, type FintracContent } from '../../domain/filings/fintrac/model.js';
import { validateAddress } from '../../domain/filings/fintrac/validate.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { notifyAgent } from '../../lib/notify.js';
import { defineHandlers } from '../types.js';
import { orgZone } from './sars.js';

/**
 * FINTRAC reports (STR and LCTR): an STR written from a case, a report read, saved while editable,
 * sent to review, submitted and archived, and the organisation's FINTRAC settings. Which request a
 * report takes is the lifecycle's answer for its stored status (machines/fintrac.machine.ts),
 * re-read under lock, so a racing request changes nothing. Reports in a restricted queue (or of a
 * case in one) are visible only to its members, as SARs are.
 */

type S = components['schemas'];

/** The days a new STR has before its deadline (FINTRAC: as soon as practicable; Vigil gives 30). */
export const STR_DEADLINE_DAYS = 30;

const CANNOT: Partial<Record<FintracEvent['type'], string>> = {
  'report.edit': 'This report cannot be changed: it is archived, submitted for filing, or being validated.',
  'report.review': 'Only a report whose prefiling validation succeeded can be sent to review.',
  'report.submit': 'Only a report ready for review can be submitted for filing.',
  'report.archive': 'This report cannot be archived: it is being validated or is in FINTRAC’s hands.',
};

interface ReportRow {
  id: number;
  report_type: S['FintracReportType'];
  name: string;
  status: string;
  reference: string;
  case_id: number | null;
  queue_id: number | null;
  reviewer_id: number | null;
  content: FintracContent;
  twenty_four_hour_rule: boolean;
  total_amount: number;
  problems: S['FieldProblem'][];
  validated_at: Ts | null;
  fintrac_messages: S['FieldProblem'][];
  created_at: Ts;
  updated_at: Ts;
  deadline: Ts | null;
  batch_id: number | null;
  filed_at: Ts | null;
  fintrac_report_id: string | null;
}

function actionsFor(p: Principal, status: string): S['FintracAction'][] {
  const snapshot = fintracSnapshot(status);
  if (!snapshot) return [];
  const edit = hasPermission(p, 'edit_fintrac_filings');
  const out: S['FintracAction'][] = [];
  if (edit && snapshot.can({ type: 'report.edit' })) out.push('edit');
  if (edit && snapshot.can({ type: 'report.review' })) out.push('review');
  if (edit && hasPermission(p, 'submit_fintrac_filings') && snapshot.can({ type: 'report.submit' })) out.push('submit');
  if (edit && snapshot.can({ type: 'report.archive' })) out.push('archive');
  return out;
}

/** A report the principal may see (its queue, its case's queue), or 404. */
async function visibleReport(db: SqlRunner, p: Principal, id: number): Promise<void> {
  assertId(id, 'FINTRAC report');
  const row = await firstRow<{ id: number }>(
    db,
    sql`select s.id from fintrac_reports s where s.org_id = ${p.orgId} and s.id = ${id} and ${sarVisible(p, 's')}`,
  );
  if (!row) throw notFound('FINTRAC report');
}

export async function loadReport(db: SqlRunner, p: Principal, id: number): Promise<S['FintracReport']> {
  await visibleReport(db, p, id);
  const r = await firstRow<ReportRow>(
    db,
    sql`select id, report_type, name, status, reference, case_id, queue_id, reviewer_id, content, twenty_four_hour_rule, total_amount::float8 as total_amount,
        problems, validated_at, fintrac_messages, created_at, updated_at, deadline, batch_id, filed_at, fintrac_report_id
      from fintrac_reports where org_id = ${p.orgId} and id = ${id}`,
  );
  if (!r) throw notFound('FINTRAC report');
  return {
    id: r.id,
    report_type: r.report_type,
    name: r.name,
    status: r.status as S['FintracStatus'],
    reference: r.reference,
    submitted: FINTRAC_SUBMITTED_STATUSES.includes(r.status),
    case_id: r.case_id,
    queue_id: r.queue_id,
    reviewer_id: r.reviewer_id,
    suspicion: r.content.suspicion,
    action_taken: r.content.action_taken,
    subjects: r.content.subjects,
    transactions: r.content.transactions,
    twenty_four_hour_rule: r.twenty_four_hour_rule,
    total_amount: r.total_amount,
    problems: r.problems,
    validated_at: iso(r.validated_at),
    fintrac_messages: r.fintrac_messages,
    actions: actionsFor(p, r.status),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    deadline: iso(r.deadline),
    batch_id: r.batch_id,
    filed_at: iso(r.filed_at),
    fintrac_report_id: r.fintrac_report_id,
  };
}

/** A reviewer must be an active agent of the organisation who may submit FINTRAC reports. */
async function checkReviewer(db: SqlRunner, orgId: number, reviewerId: number | null) {
  if (reviewerId === null) return;
  const found = await firstRow<{ id: number }>(db, sql`select a.id from agents a where a.org_id = ${orgId} and a.id = ${reviewerId} and a.status = 'active'`);
  const held = found ? await effectivePermissions(db, reviewerId) : new Set<string>();
  // root_all holds every permission
  if (!found || !(held.has('submit_fintrac_filings') || held.has('root_all')))
    throw badRequest('The reviewer must be an active agent who may submit FINTRAC reports.', [
      { path: 'body/reviewer_id', message: 'is not an active agent who may submit FINTRAC reports' },
    ]);
}

/** Shape checks the contract cannot make: an LCTR has no suspicion; dates are dates; a transaction is not typed twice from the same one. */
function checkBody(body: S['FintracReportInput'], type: S['FintracReportType']) {
  const details: { path: string; message: string }[] = [];
  if (type === 'LCTR' && (body.suspicion.trim() || body.action_taken.trim()))
    details.push({ path: 'body/suspicion', message: 'a large cash transaction report has no details of suspicion or action taken' });
  body.subjects.forEach((s, i) => {
    if (s.date_of_birth !== null && Number.isNaN(Date.parse(`${s.date_of_birth}T00:00:00Z`)))
      details.push({ path: `body/subjects/${i}/date_of_birth`, message: 'is not a date (YYYY-MM-DD)' });
  });
  body.transactions.forEach((t, i) => {
    if (t.date_time !== null && Number.isNaN(Date.parse(t.date_time)))
      details.push({ path: `body/transactions/${i}/date_time`, message: 'is not a date and time' });
  });
  const linked = body.transactions.map((t) => t.transaction_id).filter((id) => id !== null);
  if (new Set(linked).size !== linked.length) details.push({ path: 'body/transactions', message: 'names a transaction twice' });
  if (details.length) throw badRequest('The report has fields that cannot be saved.', details);
}

async function move(tx: SqlRunner, p: Principal, id: number, event: FintracEvent['type']): Promise<{ from: string; to: string }> {
  const row = await firstRow<{ status: string }>(tx, sql`select status from fintrac_reports where org_id = ${p.orgId} and id = ${id} for update`);
  if (!row) throw notFound('FINTRAC report');
  const to = fintracNext(row.status, event);
  if (!to) throw conflict(CANNOT[event] ?? 'The report’s status does not allow this.');
  await tx.execute(sql`update fintrac_reports set status = ${to}, updated_at = now() where org_id = ${p.orgId} and id = ${id}`);
  return { from: row.status, to };
}

const total = (content: Pick<FintracContent, 'transactions'>) => Math.round(content.transactions.reduce((sum, t) => sum + (t.amount ?? 0), 0) * 100) / 100;

/** Settings checks FINTRAC's formats make (400 with details). */
function checkSettings(body: S['FintracSettings']) {
  const details: { path: string; message: string }[] = [];
  if (body.reporting_entity_number !== null && !/^\d{7}$/.test(body.reporting_entity_number))
    details.push({ path: 'body/reporting_entity_number', message: 'must be the 7 digits FINTRAC enrolled the organisation with' });
  if (body.location)
    for (const problem of validateAddress(body.location, 'location', false).filter((p) => p.level === 'FATAL'))
      details.push({ path: `body/${problem.path.replace(/\./g, '/')}`, message: problem.message });
  if (body.contact.email !== null && body.contact.email.trim() && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(body.contact.email))
    details.push({ path: 'body/contact/email', message: 'is not an email address' });
  if (details.length) throw badRequest('The FINTRAC settings have fields that cannot be saved.', details);
}

export const fintracHandlers = defineHandlers({
  async createStrFromCase({ db, req, reply, principal, params, body }) {
    const kase = await visibleCase(db, principal, params.id);
    const zone = await orgZone(db, principal.orgId);
    const id = await db.transaction(async (tx) => {
      const info = await firstRow<{ title: string; queue_id: number | null }>(
        tx,
        sql`select title, queue_id from cases where org_id = ${principal.orgId} and id = ${kase.id}`,
      );
      if (!info) throw notFound('Case');
      const content = await strFromCase(tx, principal, kase.id, zone);
      const created = await firstRow<{ id: number }>(
        tx,
        sql`insert into fintrac_reports (org_id, report_type, status, name, reference, queue_id, case_id, created_by_id, deadline, content, total_amount)
          values (${principal.orgId}, 'STR', 'PREFILING_VALIDATION_PENDING', ${body.name?.trim() || `STR ${info.title}`.slice(0, 200)},
            ${`STR-${principal.orgId}-${kase.id}-${Date.now().toString(36)}`}, ${info.queue_id}, ${kase.id}, ${principal.agentId},
            now() + make_interval(days => ${STR_DEADLINE_DAYS}), ${JSON.stringify(content)}::jsonb, ${total(content)})
          returning id`,
      );
      const reportId = created!.id;
      // the reference FINTRAC knows the report by: the organisation's, unique, and stable once written
      await tx.execute(sql`update fintrac_reports set reference = ${`STR-${principal.orgId}-${reportId}`} where id = ${reportId}`);
      await enqueueFintracPrefiling(tx, principal.orgId, reportId);
      await audit(tx, req, {
        orgId: principal.orgId,
        agentId: principal.agentId,
        action: 'fintrac.str_created',
        objectType: 'FINTRAC_REPORT',
        objectId: reportId,
        after: { case_id: kase.id, subjects: content.subjects.length, transactions: content.transactions.length },
      });
      return reportId;
    });
    reply.code(201);
    return loadReport(db, principal, id);
  },

  async getFintracReport({ db, principal, params }) {
    return loadReport(db, principal, params.id);
  },

  async updateFintracReport({ db, req, principal, params, body }) {
    const before = await loadReport(db, principal, params.id);
    checkBody(body, before.report_type);
    await checkReviewer(db, principal.orgId, body.reviewer_id);
    const content: FintracContent = { suspicion: body.suspicion, action_taken: body.action_taken, subjects: body.subjects, transactions: body.transactions };
    await db.transaction(async (tx) => {
      const { from } = await move(tx, principal, params.id, 'report.edit');
      await tx.execute(
        sql`update fintrac_reports set name = ${body.name.trim()}, reviewer_id = ${body.reviewer_id}, content = ${JSON.stringify(content)}::jsonb,
            total_amount = ${total(content)},
            fintrac_messages = case when ${from} in ('FINTRAC_REJECTED', 'FINTRAC_VALIDATION_FAILED') then fintrac_messages else '[]'::jsonb end
          where org_id = ${principal.orgId} and id = ${params.id}`,
      );
      await enqueueFintracPrefiling(tx, principal.orgId, params.id);
      const was: Record<string, unknown> = { ...before };
      const changed = Object.keys(body).filter((k) => JSON.stringify(was[k]) !== JSON.stringify((body as Record<string, unknown>)[k]));
      await audit(tx, req, {
        orgId: principal.orgId,
        agentId: principal.agentId,
        action: 'fintrac.report_updated',
        objectType: 'FINTRAC_REPORT',
        objectId: params.id,
        before: { status: from },
        after: { status: 'PREFILING_VALIDATION_PENDING', changed },
      });
      if (body.reviewer_id !== null && body.reviewer_id !== before.reviewer_id && body.reviewer_id !== principal.agentId)
        await notifyAgent(tx, {
          orgId: principal.orgId,
          agentId: body.reviewer_id,
          kind: 'assignment',
          content: `You are the reviewer of FINTRAC report ${params.id}: ${body.name.trim()}`,
          entityType: 'FINTRAC_REPORT',
          entityId: params.id,
        });
    });
    return loadReport(db, principal, params.id);
  },

  async setFintracReportStatus({ db, req, principal, params, body }) {
    await visibleReport(db, principal, params.id);
    const event = ({ review: 'report.review', submit: 'report.submit', archive: 'report.archive' } as const)[body.action];
    if (event === 'report.submit' && !hasPermission(principal, 'submit_fintrac_filings'))
      throw forbidden('Submitting a FINTRAC report for filing needs the submit FINTRAC filings permission.');
    await db.transaction(async (tx) => {
      const { from, to } = await move(tx, principal, params.id, event);
      if (event === 'report.submit')
        await tx.execute(
          sql`update fintrac_reports set submitted_by_id = ${principal.agentId}, submitted_at = now() where org_id = ${principal.orgId} and id = ${params.id}`,
        );
      await audit(tx, req, {
        orgId: principal.orgId,
        agentId: principal.agentId,
        action: `fintrac.${body.action}`,
        objectType: 'FINTRAC_REPORT',
        objectId: params.id,
        before: { status: from },
        after: { status: to },
      });
      const report = await firstRow<{ name: string; reviewer_id: number | null; created_by_id: number | null }>(
        tx,
        sql`select name, reviewer_id, created_by_id from fintrac_reports where org_id = ${principal.orgId} and id = ${params.id}`,
      );
      const notify = event === 'report.review' ? report?.reviewer_id : event === 'report.submit' ? report?.created_by_id : null;
      if (report && notify && notify !== principal.agentId)
        await notifyAgent(tx, {
          orgId: principal.orgId,
          agentId: notify,
          kind: 'assignment',
          content:
            event === 'report.review'
              ? `FINTRAC report ${params.id} is ready for your review: ${report.name}`
              : `FINTRAC report ${params.id} was submitted for filing: ${report.name}`,
          entityType: 'FINTRAC_REPORT',
          entityId: params.id,
        });
    });
    return loadReport(db, principal, params.id);
  },

  async getFintracSettings({ db, principal }) {
    return (await fintracSettingsOf(db, principal.orgId)) ?? NO_FINTRAC_SETTINGS;
  },

  async updateFintracSettings({ db, req, principal, body }) {
    checkSettings(body);
    const settings: S['FintracSettings'] = {
      ...body,
      reporting_entity_number: body.reporting_entity_number?.trim() || null,
      location: body.location && { ...body.location, postal_code: body.location.postal_code?.trim().toUpperCase() || null },
    };
    await db.transaction(async (tx) => {
      const before = (await fintracSettingsOf(tx, principal.orgId)) ?? NO_FINTRAC_SETTINGS;
      await tx.execute(
        sql`insert into fintrac_settings (org_id, settings, updated_by_id, updated_at) values (${principal.orgId}, ${JSON.stringify(settings)}::jsonb, ${principal.agentId}, now())
          on conflict (org_id) do update set settings = excluded.settings, updated_by_id = excluded.updated_by_id, updated_at = now()`,
      );
      await audit(tx, req, {
        orgId: principal.orgId,
        agentId: principal.agentId,
        action: 'fintrac.settings_updated',
        objectType: 'ORGANISATION',
        objectId: principal.orgId,
        before: { ...before },
        after: { ...settings },
      });
    });
    return (await fintracSettingsOf(db, principal.orgId)) ?? NO_FINTRAC_SETTINGS;
  },
});
