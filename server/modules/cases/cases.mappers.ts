import type { components } from '../../../openapi/schema.js';
import { alertSummary, deadlineConfig, disposition, type AlertSummaryJson } from '../alerts/index.js';
import { comments } from '../comments/index.js';
import { tags } from '../tags/index.js';
import { iso } from '../../db/sql.js';

/** Row → contract mappers for cases and SARs. */

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
