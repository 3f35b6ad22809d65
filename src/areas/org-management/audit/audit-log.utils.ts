// How an audit entry reads on screen: values of before and after, and the details worth showing;
// and the filters and page kept in the address, so a filtered view can be shared, reloaded and
// stepped back: /audit-log?agent=12&object_type=ALERT&object_id=55&action=impersonation.&offset=50
import type { components } from '../../../../openapi/schema';
import { compactTime, isInstant } from '../../../lib/time';
import { scalarText } from '../../../../core/scalar-text';

export type AuditLogEntry = components['schemas']['AuditLogEntry'];
export type AuditLogPage = components['schemas']['AuditLogPage'];

export interface AuditFilters {
  agentId: number | null;
  objectType: string;
  objectId: string;
  action: string;
}

export const NO_FILTERS: AuditFilters = { agentId: null, objectType: '', objectId: '', action: '' };
export const PAGE_SIZE = 50;
/** The contract's largest offset (GET /api/audit-log/entries), itself a whole number of pages. */
export const MAX_OFFSET = 1_000_000;

/** What the address holds: the filters and the first entry of the page shown. */
export interface AuditAddress {
  filters: AuditFilters;
  offset: number;
}

export const FIRST_PAGE: AuditAddress = { filters: NO_FILTERS, offset: 0 };

/** The query parameters the audit log owns; any other parameter (the right panel's ?panel=) is left as it was. */
export const AUDIT_PARAMS = ['agent', 'object_type', 'object_id', 'action', 'offset'] as const;

// The shapes the log records (ALERT, RISK_MODEL; impersonation.started, or a family such as
// "impersonation."), within the contract's lengths. Anything else in a link is not a filter.
const AGENT_ID = /^[1-9]\d{0,9}$/;
const MAX_AGENT_ID = 2_147_483_647; // an integer column
const OBJECT_TYPE = /^[A-Za-z][A-Za-z0-9_]{0,59}$/;
// eslint-disable-next-line no-control-regex -- control characters are what an object id may not hold
const OBJECT_ID = /^[^\u0000-\u001f\u007f]{1,60}$/;
const ACTION = /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*\.?$/;
const MAX_ACTION = 100;
const OFFSET = /^\d{1,7}$/;

function agentId(value: string | null): number | null {
  if (!value || !AGENT_ID.test(value)) return null;
  const n = Number(value);
  return n <= MAX_AGENT_ID ? n : null;
}

function offsetOf(value: string | null): number {
  if (!value || !OFFSET.test(value)) return 0;
  const n = Number(value);
  return n % PAGE_SIZE === 0 && n <= MAX_OFFSET ? n : 0;
}

/** Reads the filters and page from a query string; a malformed value is no filter, a malformed offset the first page. */
export function parseAuditAddress(search: string): AuditAddress {
  const p = new URLSearchParams(search);
  const type = p.get('object_type') ?? '';
  const objectType = OBJECT_TYPE.test(type) ? type : '';
  const id = (p.get('object_id') ?? '').trim();
  const action = p.get('action') ?? '';
  return {
    filters: {
      agentId: agentId(p.get('agent')),
      objectType,
      // The object id field works only with a type chosen: an id alone would be a filter no control shows.
      objectId: objectType && OBJECT_ID.test(id) ? id : '',
      action: action.length <= MAX_ACTION && ACTION.test(action) ? action : '',
    },
    offset: offsetOf(p.get('offset')),
  };
}

/**
 * The query string for `address`, starting from `current` so foreign parameters survive; empty
 * filters and the first page are left out, so the plain log is plain "/audit-log".
 */
export function serializeAuditAddress({ filters, offset }: AuditAddress, current = ''): string {
  const p = new URLSearchParams(current);
  AUDIT_PARAMS.forEach((k) => p.delete(k));
  const set = (k: string, v: string | null) => {
    if (v) p.set(k, v);
  };
  set('agent', filters.agentId !== null ? String(filters.agentId) : null);
  set('object_type', filters.objectType);
  set('object_id', filters.objectType ? filters.objectId.trim() : null);
  set('action', filters.action);
  set('offset', offset > 0 ? String(offset) : null);
  const out = p.toString();
  return out ? `?${out}` : '';
}

/** Whether any filter narrows the log (what "Clear filters" clears). */
export function hasFilters(filters: AuditFilters): boolean {
  return filters.agentId !== null || filters.objectType !== '' || filters.objectId.trim() !== '' || filters.action !== '';
}

/**
 * A filter changed: back to the first page, since the old page number means nothing in the new
 * list; no object type means no object id either.
 */
export function changeFilters({ filters }: AuditAddress, patch: Partial<AuditFilters>): AuditAddress {
  const next = { ...filters, ...patch };
  return { filters: next.objectType ? next : { ...next, objectId: '' }, offset: 0 };
}

/** The offset to show for `total` entries: a page past the end (a stale link, entries gone) becomes the last page. */
export function clampOffset(offset: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(offset, Math.floor((total - 1) / PAGE_SIZE) * PAGE_SIZE);
}

/** How an action filter reads in its menu: a family ("impersonation.") as "All impersonation actions". */
export function actionLabel(action: string): string {
  return action.endsWith('.') ? `All ${action.slice(0, -1).replace(/_/g, ' ')} actions` : action;
}

/** One value as text: times in the compact format, lists joined, objects as compact JSON, null as a dash. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (isInstant(value)) return compactTime(value);
  if (Array.isArray(value)) return value.length ? value.map(formatValue).join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return scalarText(value);
}

/** A side (before or after) as "field: value" lines; none when the entry recorded nothing there. */
export function fieldLines(fields: Record<string, unknown> | null): string[] {
  if (!fields) return [];
  return Object.entries(fields).map(([key, value]) => `${key}: ${formatValue(value)}`);
}

/**
 * The details worth a line: a request under impersonation reads "GET /api/... → 200"; the
 * impersonation log id, which the reason and ticket identify for a person, is left out.
 */
export function detailLines(entry: AuditLogEntry): string[] {
  const { method, path, status, operation: _operation, params: _params, impersonation_log_id: _log, ...rest } = entry.details;
  const lines: string[] = [];
  if (typeof method === 'string' && typeof path === 'string') lines.push(`${method} ${path} → ${formatValue(status)}`);
  for (const [key, value] of Object.entries(rest)) lines.push(`${key}: ${formatValue(value)}`);
  return lines;
}

/** The query of GET /api/audit-log/entries for the filters and page. */
export function auditQuery(filters: AuditFilters, offset: number) {
  return {
    ...(filters.agentId !== null ? { agent_id: filters.agentId } : {}),
    ...(filters.objectType ? { object_type: filters.objectType } : {}),
    ...(filters.objectId.trim() ? { object_id: filters.objectId.trim() } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    limit: PAGE_SIZE,
    offset,
  };
}
