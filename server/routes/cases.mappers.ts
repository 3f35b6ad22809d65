import type { components } from '../../openapi/schema.js';
import { alertSummary, deadlineConfig, disposition, type AlertSummaryJson } from './alerts.mappers.js';
import { comments } from '../modules/comments/index.js';
import { tags } from '../modules/tags/index.js';
import { iso } from '../db/sql.js';

/** Row → contract mappers for cases, SARs, detection models, validations and AI outputs. */

type S = components['schemas'];

export interface CaseSummaryRow {
  id: number;
  title: string;
  status: S['CaseStatus'];
  created_at: Date | string;
  deadline: Date | string | null;
  disposition: string | null;
  assigned_to_id: number | null;
  assigned_to_name: string | null;
  queue_id: number | null;
  queue_access_type: S['QueueAccessType'] | null;
}

export interface CaseRow extends CaseSummaryRow {
  description: string | null;
  deadline_config: unknown;
  start_date: Date | string | null;
  disposition_notes: string | null;
  queue: S['QueueSummary'] | null;
  created_by_id: number | null;
  created_by_name: string | null;
  rules: S['RuleSummary'][];
  tags: unknown;
  alerts: AlertSummaryJson[];
  sars: Array<{ id: number; name: string; status: S['SarStatus']; filed_at: string | null }>;
  entities: S['EntitySummary'][];
  events: Array<Omit<S['TransactionEventSummary'], 'event_time'> & { event_time: string }>;
  action_events: S['ActionEventSummary'][];
  instruments: S['InstrumentSummary'][];
  comments: unknown;
}

export function caseSummary(c: CaseSummaryRow): S['CaseSummary'] {
  return {
    id: c.id,
    title: c.title,
    status: c.status,
    created_at: iso(c.created_at),
    deadline: iso(c.deadline),
    disposition: disposition(c.disposition),
    assigned_to_id: c.assigned_to_id,
    assigned_to_name: c.assigned_to_name,
    queue_id: c.queue_id,
    queue_access_type: c.queue_access_type,
  };
}

const sarSummary = (s: CaseRow['sars'][number]): S['SarSummary'] => ({ id: s.id, name: s.name, status: s.status, filed_at: iso(s.filed_at) });

export function caseFull(c: CaseRow): S['Case'] {
  return {
    ...caseSummary(c),
    description: c.description,
    queue: c.queue,
    deadline_config: deadlineConfig(c.deadline_config),
    start_date: iso(c.start_date),
    disposition_notes: c.disposition_notes,
    // cases created by the system (escalation rules) have no creating agent
    created_by: { id: c.created_by_id ?? 0, full_name: c.created_by_name ?? 'System' },
    rules: c.rules,
    tags: tags(c.tags),
    alerts: c.alerts.map(alertSummary),
    sars: c.sars.map(sarSummary),
    entities: c.entities,
    events: c.events.map((e) => ({ ...e, event_time: iso(e.event_time) })),
    action_events: c.action_events.map((e) => ({ ...e, event_time: iso(e.event_time) })),
    instruments: c.instruments.map((i) => ({ ...i, instrument_type: i.instrument_type.toLowerCase() as S['InstrumentType'] })),
    comments: comments(c.comments),
  };
}

export interface SarRow {
  id: number;
  name: string;
  status: S['SarStatus'];
  submitted: boolean;
  deadline: Date | string | null;
  created_at: Date | string;
  filed_at: Date | string | null;
  bsa_tracking_id: string | null;
  bsa_id: string | null;
  car_alert_scheduled_at: Date | string | null;
  reviewer: S['Author'] | null;
  queue: S['QueueSummary'] | null;
  case: S['SarCase'] | null;
  comments: unknown;
  alerts: AlertSummaryJson[];
  sars: CaseRow['sars'];
}

export function sar(s: SarRow): S['Sar'] {
  return {
    id: s.id,
    name: s.name,
    status: s.status,
    reviewer: s.reviewer,
    queue: s.queue,
    submitted: s.submitted,
    deadline: iso(s.deadline),
    case: s.case,
    created_at: iso(s.created_at),
    filed_at: iso(s.filed_at),
    bsa_tracking_id: s.bsa_tracking_id,
    bsa_id: s.bsa_id,
    car_alert_scheduled_at: iso(s.car_alert_scheduled_at),
    comments: comments(s.comments),
    alerts: s.alerts.map(alertSummary),
    sars: s.sars.map(sarSummary),
  };
}

export interface RuleRow {
  id: number;
  title: string;
  description: string | null;
  status: S['RuleStatus'];
  spec: unknown;
  created_at: Date | string;
  updated_at: Date | string;
}

export const detectionModel = (r: RuleRow): S['DetectionModel'] => ({
  id: r.id,
  title: r.title,
  description: r.description,
  status: r.status,
  spec: r.spec && typeof r.spec === 'object' ? (r.spec as Record<string, unknown>) : {},
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

export interface ValidationRow {
  id: number;
  rule_id: number;
  status: string;
  spec: unknown;
  created_at: Date | string;
  finished_at: Date | string | null;
  result: unknown;
  alerts: number;
}

const VALIDATION_STATUSES = ['in_progress', 'queued', 'success', 'failed'] as const;

export function ruleValidation(v: ValidationRow): S['RuleValidation'] {
  const status = (VALIDATION_STATUSES.find((s) => s === v.status.toLowerCase()) ?? 'queued') as S['ValidationStatus'];
  const counted = (v.result as { alerts?: unknown } | null)?.alerts;
  return {
    id: v.id,
    rule_id: v.rule_id,
    status,
    spec: v.spec && typeof v.spec === 'object' ? (v.spec as Record<string, unknown>) : {},
    started_at: iso(v.created_at),
    finished_at: iso(v.finished_at),
    // the count is known once the run has finished successfully
    alerts_count: status === 'success' ? (typeof counted === 'number' ? counted : v.alerts) : null,
  };
}

export function aiOutput(row: { is_reviewing: boolean; signals: unknown } | undefined): S['AiAgentOutput'] {
  if (!row) return { is_reviewing: false, signals: [] };
  const signals = Array.isArray(row.signals) ? (row.signals as Array<Record<string, unknown>>) : [];
  return {
    is_reviewing: row.is_reviewing,
    signals: signals.map((s) => ({
      agent_id: typeof s.agent_id === 'number' ? s.agent_id : 0,
      title: String(s.title ?? ''),
      tasks: (Array.isArray(s.tasks) ? (s.tasks as Array<Record<string, unknown>>) : []).map((t, i) => ({
        id: typeof t.id === 'number' ? t.id : i + 1,
        question: String(t.question ?? ''),
        answer: typeof t.answer === 'string' ? t.answer : null,
      })),
    })),
  };
}
