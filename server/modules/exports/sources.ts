import { sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import type { Principal } from '../../auth/principal.js';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import { loadViewer } from '../../domain/censorship/viewer.js';
import { actionEventExtras, actionEventPage, loadActionEvents } from '../action-events/index.js';
import { listAlerts } from '../alerts/index.js';
import { listCases } from '../cases/index.js';
import { listRules } from '../rules/index.js';
import { listGroupedFilings } from '../filings/index.js';
import { loadTransactions, transactionPage } from '../transactions/index.js';
import type { Cell } from './writer.js';

/**
 * What an export holds: the rows its list answers the requester for the export's filters, page by
 * page, in the list's order, through the list's own code (so its filters, its visibility of
 * restricted queues and its censorship are the list's), mapped to the chosen columns.
 */

type S = components['schemas'];

export type ExportKind = 'ALERTS' | 'CASES' | 'TRANSACTIONS' | 'EVENTS' | 'RULES' | 'SAR_FILINGS';

export interface ExportParameters {
  format: S['FileExportFormat'];
  columns?: string[];
  filters?: Record<string, unknown>;
}

export interface RowSource {
  header: string[];
  /** one page of rows from `offset`, and the list's count */
  page: (offset: number) => Promise<{ count: number; rows: Cell[][] }>;
}

const names = (items: ReadonlyArray<{ title: string }>) => items.map((i) => i.title).join('; ');

const ALERT_COLUMNS: Record<S['AlertExportColumn'], (a: S['AlertListItem']) => Cell> = {
  id: (a) => a.id,
  title: (a) => a.title,
  status: (a) => a.status,
  alert_type: (a) => a.alert_type,
  created_at: (a) => a.created_at,
  deadline: (a) => a.deadline ?? null,
  disposition: (a) => a.disposition ?? null,
  amount_volume: (a) => a.amount_volume ?? null,
  currency: (a) => a.currency ?? null,
  alert_score: (a) => a.alert_score?.score ?? null,
  assigned_to_name: (a) => a.assigned_to_name ?? null,
  queue_title: (a) => a.queue_title ?? null,
  rules: (a) => names(a.rules),
  tags: (a) => names(a.tags),
  case_id: (a) => a.case_id ?? null,
};

/** The alert list pages at most 200 rows. */
const ALERT_PAGE = 200;

function alertSource(db: Db, p: Principal, params: ExportParameters, pageRows: number): RowSource {
  const columns = (params.columns?.length ? params.columns : Object.keys(ALERT_COLUMNS)) as S['AlertExportColumn'][];
  const filters = (params.filters ?? {}) as S['AlertListRequest'];
  return {
    header: columns,
    async page(offset) {
      const found = await listAlerts(db, p, { ...filters, limit: Math.min(pageRows, ALERT_PAGE), offset });
      return { count: found.count, rows: found.alerts.map((a) => columns.map((c) => ALERT_COLUMNS[c](a))) };
    },
  };
}

const CASE_COLUMNS: Record<S['CaseExportColumn'], (c: S['CaseListItem']) => Cell> = {
  id: (c) => c.id,
  title: (c) => c.title,
  status: (c) => c.status,
  created_at: (c) => c.created_at,
  deadline: (c) => c.deadline ?? null,
  disposition: (c) => c.disposition ?? null,
  assigned_to_name: (c) => c.assigned_to_name ?? null,
  queue_title: (c) => c.queue_title ?? null,
  alert_count: (c) => c.alert_count,
  sar_count: (c) => c.sar_count,
  tags: (c) => names(c.tags),
};

/** The case list pages at most 200 rows. */
const CASE_PAGE = 200;

function caseSource(db: Db, p: Principal, params: ExportParameters, pageRows: number): RowSource {
  const columns = (params.columns?.length ? params.columns : Object.keys(CASE_COLUMNS)) as S['CaseExportColumn'][];
  const filters = (params.filters ?? {}) as S['CaseListRequest'];
  return {
    header: columns,
    async page(offset) {
      const found = await listCases(db, p, { ...filters, limit: Math.min(pageRows, CASE_PAGE), offset });
      return { count: found.count, rows: found.cases.map((c) => columns.map((k) => CASE_COLUMNS[k](c))) };
    },
  };
}

type TxnColumn = Exclude<S['TransactionExportColumn'], 'data_fields'>;

const TXN_COLUMNS: Record<TxnColumn, (t: S['TransactionEvent']) => Cell> = {
  id: (t) => t.id,
  external_id: (t) => t.external_id,
  event_time: (t) => t.event_time,
  amount: (t) => t.amount,
  currency: (t) => t.currency,
  status: (t) => t.status,
  internal_txn_type: (t) => t.internal_txn_type,
  risk_score: (t) => t.risk_score ?? null,
  sender_entity_external_id: (t) => t.sender_entity_external_id ?? null,
  receiver_entity_external_id: (t) => t.receiver_entity_external_id ?? null,
  tags: (t) => names(t.tags),
};

/** The transaction list pages at most 100 rows. */
const TXN_PAGE = 100;

async function transactionSource(db: Db, p: Principal, params: ExportParameters, pageRows: number): Promise<RowSource> {
  const chosen = params.columns?.length ? params.columns : [...Object.keys(TXN_COLUMNS), 'data_fields'];
  const filters = (params.filters ?? {}) as S['TransactionListRequest'];
  // the organisation's event fields: data_fields is every exported one, ds:{id} one the list shows
  const settings = await rows<{ id: number; label: string; exported: boolean }>(
    db,
    sql`select id, user_facing_label as label, exported from data_settings where org_id = ${p.orgId} and data_classifier = 'EVENT' order by id`,
  );
  const byId = new Map(settings.map((s) => [`ds:${s.id}`, s]));
  type Column = { label: string; value: (t: S['TransactionEvent']) => Cell };
  const field = (s: { id: number; label: string }): Column => ({ label: s.label, value: (t) => t.formatted_data[String(s.id)]?.formatted_value ?? null });
  const columns: Column[] = chosen.flatMap((c): Column[] => {
    if (c === 'data_fields') return settings.filter((s) => s.exported).map(field);
    const setting = byId.get(c);
    if (setting) return [field(setting)];
    const native = TXN_COLUMNS[c as TxnColumn] as ((t: S['TransactionEvent']) => Cell) | undefined;
    return native ? [{ label: c, value: native }] : [];
  });
  const viewer = await loadViewer(db, p);
  return {
    header: columns.map((c) => c.label),
    async page(offset) {
      const { count, ids } = await transactionPage(db, p, { ...filters, limit: Math.min(pageRows, TXN_PAGE), offset });
      const events = await loadTransactions(db, viewer, ids, null);
      return { count, rows: events.map((t) => columns.map((c) => c.value(t))) };
    },
  };
}

type ActionEventRow = S['ActionEventListItem'];

const ACTION_EVENT_COLUMNS: Record<S['ActionEventExportColumn'], (e: ActionEventRow) => Cell> = {
  id: (e) => e.id,
  external_id: (e) => e.external_id,
  event_time: (e) => e.event_time,
  action_type: (e) => e.action_type,
  entity: (e) => e.entity?.external_id ?? null,
  instrument: (e) => e.instrument?.external_id ?? null,
  ip_address: (e) => e.ip_address,
  device_fingerprint: (e) => e.device_fingerprint,
  tags: (e) => names(e.tags),
};

/** The action event list pages at most 100 rows. */
const ACTION_EVENT_PAGE = 100;

/** The action event list (the data explorer's second tab), its rows read as POST /api/action-events/list reads them. */
async function actionEventSource(db: Db, p: Principal, params: ExportParameters, pageRows: number): Promise<RowSource> {
  const chosen = params.columns?.length ? params.columns : Object.keys(ACTION_EVENT_COLUMNS);
  const filters = (params.filters ?? {}) as S['ActionEventListRequest'];
  const settings = await rows<{ id: number; label: string }>(
    db,
    sql`select id, user_facing_label as label from data_settings where org_id = ${p.orgId} order by id`,
  );
  const byId = new Map(settings.map((s) => [`ds:${s.id}`, s]));
  type Column = { label: string; value: (e: ActionEventRow) => Cell };
  const columns: Column[] = chosen.flatMap((c): Column[] => {
    const setting = byId.get(c);
    if (setting) return [{ label: setting.label, value: (e) => e.formatted_data[String(setting.id)]?.formatted_value ?? null }];
    const native = ACTION_EVENT_COLUMNS[c as S['ActionEventExportColumn']] as ((e: ActionEventRow) => Cell) | undefined;
    return native ? [{ label: c, value: native }] : [];
  });
  const viewer = await loadViewer(db, p);
  return {
    header: columns.map((c) => c.label),
    async page(offset) {
      const { count, ids } = await actionEventPage(db, p, { ...filters, limit: Math.min(pageRows, ACTION_EVENT_PAGE), offset });
      const [events, extras] = await Promise.all([loadActionEvents(db, viewer, ids), actionEventExtras(db, p.orgId, ids)]);
      const listed = events.map((e): ActionEventRow => ({
        ...e,
        ...(extras.get(e.id) ?? { entity: null, instrument: null, ip_address: null, device_fingerprint: null }),
      }));
      return { count, rows: listed.map((e) => columns.map((c) => c.value(e))) };
    },
  };
}

const RULE_COLUMNS: Record<S['RuleExportColumn'], (r: S['Rule']) => Cell> = {
  id: (r) => r.id,
  title: (r) => r.title,
  status: (r) => r.status,
  version: (r) => r.version,
  queue: (r) => r.queue?.title ?? null,
  last_validation_status: (r) => r.last_validation?.status ?? null,
  last_validation_at: (r) => (r.last_validation ? (r.last_validation.finished_at ?? r.last_validation.created_at) : null),
  last_validation_hits: (r) => r.last_validation?.hits ?? null,
  alerts_30d: (r) => r.alerts_30d,
  owner: (r) => r.owner?.full_name ?? null,
  created_at: (r) => r.created_at,
  updated_at: (r) => r.updated_at,
};

/** The rule list pages at most 500 rows. */
const RULE_PAGE = 500;

function ruleSource(db: Db, p: Principal, params: ExportParameters, pageRows: number): RowSource {
  const columns = (params.columns?.length ? params.columns : Object.keys(RULE_COLUMNS)) as S['RuleExportColumn'][];
  const filters = (params.filters ?? {}) as NonNullable<S['RuleExportRequest']['filters']>;
  return {
    header: columns,
    async page(offset) {
      const found = await listRules(db, p, { ...filters, limit: Math.min(pageRows, RULE_PAGE), offset });
      return { count: found.count, rows: found.rules.map((r) => columns.map((c) => RULE_COLUMNS[c](r))) };
    },
  };
}

const SAR_FILING_COLUMNS: Record<S['SarFilingExportColumn'], (r: S['SarFilingRow']) => Cell> = {
  id: (r) => r.id,
  name: (r) => r.name,
  status: (r) => r.status,
  queue: (r) => r.queue?.title ?? null,
  reviewer: (r) => r.reviewer?.full_name ?? null,
  created_at: (r) => r.created_at,
  filed_at: (r) => r.filed_at,
  bsa_id: (r) => r.bsa_id,
  batch_id: (r) => r.batch_id,
};

/** The Filings list answers at most 100 batches a call. */
const SAR_BATCH_PAGE = 100;

/**
 * The SAR filings list pages by batch, not by row: the SARs not yet in a batch (with the first
 * page), then each batch's SARs, newest batch first, read through the list's own code. The row
 * count is known only at the end, so until then a page reports one row more than it has written.
 */
function sarFilingSource(db: Db, p: Principal, params: ExportParameters, pageRows: number): RowSource {
  const columns = (params.columns?.length ? params.columns : Object.keys(SAR_FILING_COLUMNS)) as S['SarFilingExportColumn'][];
  const filters = (params.filters ?? {}) as NonNullable<S['SarFilingExportRequest']['filters']>;
  const batchPage = Math.max(1, Math.min(pageRows, SAR_BATCH_PAGE));
  let batchOffset = 0;
  let written = 0;
  let done = false;
  return {
    header: columns,
    async page() {
      const out: Cell[][] = [];
      while (!done && out.length === 0) {
        const found = await listGroupedFilings(db, p, { report_type: 'SAR', include_filings: true, limit: batchPage, offset: batchOffset, filters });
        const sars = [...('unbatched' in found ? (found.unbatched ?? []) : []), ...found.batches.flatMap((b) => ('sars' in b ? (b.sars ?? []) : []))];
        out.push(...sars.map((r) => columns.map((c) => SAR_FILING_COLUMNS[c](r))));
        batchOffset += found.batches.length;
        if (found.batches.length === 0 || batchOffset >= found.count) done = true;
      }
      written += out.length;
      return { count: done ? written : written + 1, rows: out };
    },
  };
}

/** `pageRows` narrows the list's largest page (tests use small pages). */
export async function rowSource(db: Db, p: Principal, kind: ExportKind, params: ExportParameters, pageRows = 200): Promise<RowSource> {
  if (kind === 'ALERTS') return alertSource(db, p, params, pageRows);
  if (kind === 'CASES') return caseSource(db, p, params, pageRows);
  if (kind === 'EVENTS') return actionEventSource(db, p, params, pageRows);
  if (kind === 'RULES') return ruleSource(db, p, params, pageRows);
  if (kind === 'SAR_FILINGS') return sarFilingSource(db, p, params, pageRows);
  return transactionSource(db, p, params, pageRows);
}

/** The read permission of each kind's list. */
export const READ_PERMISSION: Record<ExportKind, string> = {
  ALERTS: 'read_alerts',
  CASES: 'read_cases',
  TRANSACTIONS: 'read_events',
  EVENTS: 'read_events',
  RULES: 'read_rules',
  SAR_FILINGS: 'read_sars',
};

const KINDS: readonly ExportKind[] = ['ALERTS', 'CASES', 'TRANSACTIONS', 'EVENTS', 'RULES', 'SAR_FILINGS'];

/** ALERTS_CSV -> ALERTS; ALERTS -> ALERTS; EVENTS (the action event list) likewise. Null for the kinds Vigil does not write yet. */
export function kindOf(exportType: string): ExportKind | null {
  const base = exportType.replace(/_CSV$/, '');
  return KINDS.find((k) => k === base) ?? null;
}
