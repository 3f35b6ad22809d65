import type { components } from '../../../openapi/schema.js';
import { DEFAULT_HIGH_RISK_FLOOR, DEFAULT_LOW_RISK_CEILING } from '../../../core/risk/constants.js';
import { iso } from '../../db/sql.js';
import { shownValue, type SettingAccess } from '../../domain/censorship/access.js';
import { tags } from '../tags/index.js';

/** Row → contract mappers for alerts and the small shapes alerts, cases and SARs share. */

type S = components['schemas'];
type Json = Record<string, unknown>;

/** The database keeps INCONCLUSIVE where the contract says NEEDS_REVIEW. */
export function disposition(v: string | null | undefined): S['Disposition'] | null {
  if (v === 'TRUE_POSITIVE' || v === 'FALSE_POSITIVE' || v === 'NEEDS_REVIEW') return v;
  return v === 'INCONCLUSIVE' ? 'NEEDS_REVIEW' : null;
}

export function deadlineConfig(raw: unknown): S['DeadlineConfig'] | null {
  const c = raw as Json | null;
  if (!c || typeof c.duration_seconds !== 'number') return null;
  return { duration_seconds: Math.max(0, Math.round(c.duration_seconds)), business_days: c.business_days === true };
}

const RISK_LEVELS = ['low', 'medium', 'high'] as const;

/** Stored as { risk: number, band: 'LOW'|'MEDIUM'|'HIGH', factors } (or { score, risk: band }). */
export function alertScore(raw: unknown): S['AlertScore'] | null {
  const s = raw as Json | null;
  if (!s || typeof s !== 'object') return null;
  const value = typeof s.score === 'number' ? s.score : typeof s.risk === 'number' ? s.risk : Number.NaN;
  if (!Number.isFinite(value)) return null;
  const score = Math.min(100, Math.max(0, value));
  const named = [s.band, s.risk].find((b): b is string => typeof b === 'string' && RISK_LEVELS.includes(b.toLowerCase() as never));
  const risk = (named?.toLowerCase() ?? (score >= DEFAULT_HIGH_RISK_FLOOR ? 'high' : score < DEFAULT_LOW_RISK_CEILING ? 'low' : 'medium')) as S['RiskLevel'];
  return { score, risk };
}

/** Free-text body: stored as JSON; a string, or an object whose text it carries. */
export function contentText(raw: unknown): string | null {
  if (raw == null) return null;
  if (typeof raw === 'string') return raw;
  const o = raw as Json;
  for (const key of ['text', 'body', 'message']) if (typeof o[key] === 'string') return o[key];
  return JSON.stringify(raw);
}

const FLOWS = ['OUTBOUND', 'INBOUND', 'OTHER'];

/** Data setting labels by id, for name_readable, and whether the caller may read the field. */
export type SettingLabels = Map<string, { label: string; flow: string | null; access: SettingAccess }>;

/** Stored formatted_data ({ [setting id]: { formatted_value, flow?, name_readable?, external_id?, id? } }) in the contract shape. */
export function formattedData(raw: unknown, labels: SettingLabels): S['FormattedData'] {
  const out: S['FormattedData'] = {};
  if (!raw || typeof raw !== 'object') return out;
  for (const [key, value] of Object.entries(raw as Json)) {
    if (!/^[0-9]+$/.test(key)) continue;
    const v = (value && typeof value === 'object' ? value : { formatted_value: value }) as Json;
    const setting = labels.get(key);
    // decrypted or masked first (see domain/censorship/access.ts): ciphertext never reaches an answer
    const censored = shownValue(v.formatted_value, setting?.access ?? null);
    const fv = censored.value;
    const flow = [v.flow, setting?.flow].find((f) => typeof f === 'string' && FLOWS.includes(f)) as S['FlowDirection'] | undefined;
    const shown = fv == null || ['string', 'number', 'boolean'].includes(typeof fv) ? ((fv ?? null) as string | number | boolean | null) : JSON.stringify(fv);
    out[key] = {
      // alert settings are always visible, but an alert may carry another classifier's censored field
      formatted_value: shown,
      flow: flow ?? null,
      name_readable: typeof v.name_readable === 'string' ? v.name_readable : (setting?.label ?? key),
      external_id: typeof v.external_id === 'string' ? v.external_id : null,
      id: typeof v.id === 'number' ? v.id : null,
      ...(censored.revealable ? { revealable: true } : {}),
    };
  }
  return out;
}

export interface AlertRow {
  id: number;
  title: string;
  description: string | null;
  status: S['AlertStatus'];
  alert_type: S['AlertType'];
  object_source: string | null;
  created_at: Date | string;
  start_date: Date | string | null;
  deadline: Date | string | null;
  deadline_config: unknown;
  alert_score: unknown;
  disposition: string | null;
  disposition_notes: string | null;
  amount_volume: number | null;
  currency: string | null;
  formatted_data: unknown;
  assigned_to_id: number | null;
  assigned_to_name: string | null;
  queue_id: number | null;
  queue: S['QueueSummary'] | null;
  content: unknown;
  rules: S['RuleSummary'][];
  tags: unknown;
  entities: S['EntitySummary'][];
  instruments: S['InstrumentSummary'][];
  action_events: S['ActionEventSummary'][];
  variable_snapshots: object[];
  hit_rules: S['AlertHitRule'][];
}

export function alert(r: AlertRow, labels: SettingLabels): S['Alert'] {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    status: r.status,
    alert_type: r.alert_type,
    object_source: r.object_source === 'EXTERNAL' || r.object_source === 'INTERNAL' ? r.object_source : null,
    created_at: iso(r.created_at),
    start_date: iso(r.start_date),
    deadline: iso(r.deadline),
    deadline_config: deadlineConfig(r.deadline_config),
    alert_score: alertScore(r.alert_score),
    disposition: disposition(r.disposition),
    disposition_notes: r.disposition_notes,
    amount_volume: r.amount_volume,
    currency: r.currency && /^[A-Z]{3}$/.test(r.currency) ? r.currency : null,
    rules: r.rules,
    tags: tags(r.tags),
    formatted_data: formattedData(r.formatted_data, labels),
    assigned_to_id: r.assigned_to_id,
    assigned_to_name: r.assigned_to_name,
    queue_id: r.queue_id,
    queue: r.queue,
    entities: r.entities,
    instruments: r.instruments.map((i) => ({ ...i, instrument_type: i.instrument_type.toLowerCase() as S['InstrumentType'] })),
    action_events: r.action_events.map((e) => ({ ...e, event_time: iso(e.event_time) })),
    content: contentText(r.content),
    variable_snapshots: r.variable_snapshots.map((v) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {})),
    hit_rules: r.hit_rules.map((h) => ({ rule_id: h.rule_id ?? null, rule_version: h.rule_version ?? null })),
  };
}

export interface AlertSummaryJson {
  id: number;
  title: string;
  status: S['AlertStatus'];
  alert_type: S['AlertType'];
  created_at: string | Date;
  deadline: string | Date | null;
  disposition: string | null;
  assigned_to_id: number | null;
  assigned_to_name: string | null;
  queue_id: number | null;
}

export function alertSummary(a: AlertSummaryJson): S['AlertSummary'] {
  return {
    id: a.id,
    title: a.title,
    status: a.status,
    alert_type: a.alert_type,
    created_at: iso(a.created_at),
    deadline: iso(a.deadline),
    disposition: disposition(a.disposition),
    assigned_to_id: a.assigned_to_id,
    assigned_to_name: a.assigned_to_name,
    queue_id: a.queue_id,
  };
}

export interface HitRow {
  id: number;
  created_at: Date | string;
  window_end: Date | string | null;
  variable_snapshots: unknown;
  new_txn_events_count: number;
  new_action_events_count: number;
  new_entities_count: number;
  new_instruments_count: number;
  rule_id: number | null;
  rule_title: string | null;
  rule_version: number | null;
}

export function hit(h: HitRow): S['AlertHit'] {
  return {
    id: h.id,
    created_at: iso(h.created_at),
    // a hit without a window end closes its window when it fires
    window_end: iso(h.window_end ?? h.created_at),
    variable_snapshots: h.variable_snapshots && typeof h.variable_snapshots === 'object' ? (h.variable_snapshots as Record<string, unknown>) : {},
    new_txn_events_count: h.new_txn_events_count,
    new_action_events_count: h.new_action_events_count,
    new_entities_count: h.new_entities_count,
    new_instruments_count: h.new_instruments_count,
    rule_id: h.rule_id ?? 0,
    rule_title: h.rule_title ?? '',
    rule_version: h.rule_version ?? null,
  };
}
