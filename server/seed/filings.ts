import { SAR_STATUSES, type SarStatus } from '../db/schema/filings.js';
import type { CaseDraft, Investigations } from './alerts.js';
import type { OrgContext, SeedContext, TxnRef } from './context.js';
import { pad } from './customers.js';
import type { EventRefs } from './events.types.js';
import { Rng } from './rng.js';
import { DAY, HOUR, iso, roundSecond, SEED_NOW } from './time.js';
import type { Row } from './writer.js';

/** SARs in every status, the batches they were filed in, and CTR / FINTRAC batches. */

export interface SarDraft {
  id: number;
  status: SarStatus;
  caseId: number;
  queueKey: string;
  created: number;
  name: string;
}

/** Oldest stage of the life cycle first: SARs of older cases are further along. */
const LIFECYCLE: SarStatus[] = [
  'FILING_SUCCESS',
  'ARCHIVED',
  'FINCEN_ACCEPTED',
  'FINCEN_REJECTED',
  'FINCEN_VALIDATION_FAILED',
  'FILING_MAX_RETRIES_EXCEEDED',
  'FILING_FAILED',
  'SENT_TO_FINCEN',
  'SENDING_TO_FINCEN',
  'QUEUED_FOR_FILING',
  'READY_FOR_REVIEW',
  'PREFILING_VALIDATION_FAILED',
  'PREFILING_VALIDATION_SUCCESS',
  'PREFILING_VALIDATION_IN_PROCESS',
  'PREFILING_VALIDATION_PENDING',
];
const IN_FLIGHT = new Set<SarStatus>([
  'SENT_TO_FINCEN',
  'SENDING_TO_FINCEN',
  'QUEUED_FOR_FILING',
  'READY_FOR_REVIEW',
  'PREFILING_VALIDATION_FAILED',
  'PREFILING_VALIDATION_SUCCESS',
  'PREFILING_VALIDATION_IN_PROCESS',
  'PREFILING_VALIDATION_PENDING',
]);
const SUBMITTED = new Set<SarStatus>([
  'QUEUED_FOR_FILING',
  'SENDING_TO_FINCEN',
  'SENT_TO_FINCEN',
  'FINCEN_ACCEPTED',
  'FILING_SUCCESS',
  'FINCEN_VALIDATION_FAILED',
  'FILING_FAILED',
  'FINCEN_REJECTED',
  'FILING_MAX_RETRIES_EXCEEDED',
]);
const FILED = new Set<SarStatus>(['SENT_TO_FINCEN', 'FINCEN_ACCEPTED', 'FILING_SUCCESS', 'FINCEN_VALIDATION_FAILED', 'FINCEN_REJECTED']);
const ACCEPTED = new Set<SarStatus>(['FINCEN_ACCEPTED', 'FILING_SUCCESS']);
const REJECTED = new Set<SarStatus>(['FINCEN_REJECTED', 'FINCEN_VALIDATION_FAILED', 'FILING_FAILED', 'FILING_MAX_RETRIES_EXCEEDED']);

if (LIFECYCLE.length !== SAR_STATUSES.length) throw new Error('seed: SAR life cycle must list every SAR status');

export async function seedFilings(ctx: SeedContext, org: OrgContext, inv: Investigations, refs: EventRefs): Promise<SarDraft[]> {
  const rng = Rng.named(`${org.key}:filings`);
  const cases = inv.cases.filter((c) => c.alertIds.length > 0).sort((a, b) => a.created - b.created || a.id - b.id);
  if (!cases.length) return [];

  let statuses: SarStatus[];
  if (org.key === 'demo') {
    const extra = Math.max(0, Math.round(cases.length * 1.1) - LIFECYCLE.length);
    statuses = [...LIFECYCLE];
    for (let i = 0; i < extra; i++)
      statuses.push(
        rng.weighted([
          ['FILING_SUCCESS', 60],
          ['ARCHIVED', 15],
          ['FINCEN_ACCEPTED', 10],
          ['READY_FOR_REVIEW', 15],
        ] as const),
      );
  } else {
    statuses = ['FILING_SUCCESS', 'ARCHIVED', 'READY_FOR_REVIEW'];
  }
  statuses.sort((a, b) => LIFECYCLE.indexOf(a) - LIFECYCLE.indexOf(b));

  const sarRows: Row[] = [];
  const sars: SarDraft[] = [];
  const meta: { sar: SarDraft; filed: number | null; activityStart: number; activityEnd: number }[] = [];
  statuses.forEach((status, i) => {
    const c: CaseDraft = cases[Math.min(cases.length - 1, Math.floor((i * cases.length) / statuses.length))];
    const id = ctx.ids.take('sars');
    let created = c.created + rng.float(1, 10) * DAY;
    if (IN_FLIGHT.has(status)) created = Math.max(c.created + DAY, SEED_NOW - rng.float(2, 15) * DAY);
    created = roundSecond(Math.min(SEED_NOW - 2 * HOUR, created));
    const filed = FILED.has(status) ? roundSecond(Math.min(SEED_NOW - HOUR, created + rng.float(3, 20) * DAY)) : null;
    const sar: SarDraft = { id, status, caseId: c.id, queueKey: c.queueKey, created, name: `SAR-${pad(id, 5)} ${c.title}` };
    sars.push(sar);
    meta.push({ sar, filed, activityStart: c.created - 60 * DAY, activityEnd: c.created });
    sarRows.push({
      id,
      org_id: org.id,
      name: sar.name,
      status,
      reviewer_id: c.queueKey === 'sensitive' ? org.managerId : rng.pick([org.managerId, ...org.workers.slice(0, 3)]),
      queue_id: org.queues[c.queueKey] ?? null,
      case_id: c.id,
      submitted: SUBMITTED.has(status),
      narrative: `${c.description} This report covers the activity reviewed in case ${c.id}.`,
      deadline: iso(created + 30 * DAY),
      start_date: iso(created),
      deadline_config: { duration_seconds: 30 * 86400 },
      filed_at: filed === null ? null : iso(filed),
      bsa_tracking_id: filed === null ? null : `31000${pad(rng.int(0, 999_999_999), 9)}`,
      bsa_id: ACCEPTED.has(status) && filed !== null ? pad(rng.int(0, 99_999_999), 8) + pad(rng.int(0, 999_999), 6) : null,
      car_alert_scheduled_at: status === 'FILING_SUCCESS' && filed !== null ? iso(filed + 90 * DAY) : null,
      batch_id: null,
      created_by_id: c.assignee ?? c.createdBy,
      created_at: iso(created),
      updated_at: iso(filed ?? created),
    });
  });

  // SAR batches: submitted SARs, one batch per 30-day period of submission.
  const batchRows: Row[] = [];
  const groups = new Map<number, typeof meta>();
  for (const m of meta) {
    if (!SUBMITTED.has(m.sar.status)) continue;
    const key = Math.floor((m.filed ?? m.sar.created) / (30 * DAY));
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  for (const [, members] of [...groups.entries()].sort((a, b) => a[0] - b[0])) {
    const id = ctx.ids.take('filing_batches');
    const pending = members.some((m) => m.sar.status === 'QUEUED_FOR_FILING' || m.sar.status === 'SENDING_TO_FINCEN');
    batchRows.push({
      id,
      org_id: org.id,
      report_type: 'SAR',
      status: pending ? 'PENDING' : 'READY',
      total_count: members.length,
      accepted_count: members.filter((m) => ACCEPTED.has(m.sar.status)).length,
      rejected_count: members.filter((m) => REJECTED.has(m.sar.status)).length,
      earliest: iso(Math.min(...members.map((m) => m.activityStart))),
      latest: iso(Math.max(...members.map((m) => m.activityEnd))),
      created_by_id: org.managerId,
      created_at: iso(roundSecond(Math.min(SEED_NOW - HOUR, Math.max(...members.map((m) => m.sar.created)) + HOUR))),
    });
    for (const m of members) sarRows.find((r) => r.id === m.sar.id)!.batch_id = id;
  }

  // Currency reports from the large cash deposits, one batch per month: CTR for Demo Bank,
  // FINTRAC (large cash transaction reports) for Northwind.
  const reportType = org.key === 'demo' ? 'CTR' : 'FINTRAC';
  const byMonth = new Map<string, TxnRef[]>();
  for (const t of refs.largeCash) {
    const month = iso(t.time).slice(0, 7);
    byMonth.set(month, [...(byMonth.get(month) ?? []), t]);
  }
  const months = [...byMonth.entries()].sort((a, b) => a[0].localeCompare(b[0])).slice(-8);
  if (!months.length) months.push([iso(SEED_NOW - DAY).slice(0, 7), []]);
  months.forEach(([, txns], k) => {
    const last = k === months.length - 1;
    const status = last ? 'PENDING' : k === 1 ? 'FAILED' : 'READY';
    const rejected = status === 'READY' && txns.length > 2 ? rng.int(0, 1) : 0;
    const latest = txns.length ? Math.max(...txns.map((t) => t.time)) : SEED_NOW - DAY;
    batchRows.push({
      id: ctx.ids.take('filing_batches'),
      org_id: org.id,
      report_type: reportType,
      status,
      total_count: txns.length,
      accepted_count: status === 'READY' ? txns.length - rejected : 0,
      rejected_count: rejected,
      earliest: txns.length ? iso(Math.min(...txns.map((t) => t.time))) : null,
      latest: txns.length ? iso(latest) : null,
      created_by_id: org.managerId,
      created_at: iso(roundSecond(Math.min(SEED_NOW - HOUR, latest + 15 * DAY))),
    });
  });

  await ctx.w.insert('filing_batches', batchRows);
  await ctx.w.insert('sars', sarRows);
  // Demo Bank files with FinCEN as itself; its profile is synthetic (TINs and the TCC are made up).
  // Northwind reports to FINTRAC and has no FinCEN profile.
  if (org.key === 'demo')
    await ctx.w.insert('filing_settings', [
      { org_id: org.id, profile: DEMO_FILER_PROFILE, continuing_activity_days: 90, updated_at: iso(SEED_NOW), created_at: iso(SEED_NOW) },
    ]);
  return sars;
}

const DEMO_ADDRESS = { street: '1 Harbor Plaza', city: 'Newark', state: 'NJ', zip: '07102', country: 'US' };

/** Demo Bank's filer profile (server/domain/filings/model.ts, FilerProfile). */
export const DEMO_FILER_PROFILE = {
  transmitter: { name: 'Demo Bank', tin: '990000001', tcc: 'PDEMO001', address: DEMO_ADDRESS, phone: '9735550100', contactName: 'BSA Filing Desk' },
  institution: {
    legalName: 'Demo Bank, N.A.',
    tin: '990000001',
    tinType: 'EIN',
    primaryRegulator: '4',
    institutionType: '2',
    rssd: '9900001',
    address: DEMO_ADDRESS,
    contactOffice: { name: 'BSA Office', phone: '9735550101' },
  },
};
