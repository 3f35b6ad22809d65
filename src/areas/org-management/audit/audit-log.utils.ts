// How an audit entry reads on screen: values of before and after, and the details worth showing.
import type { components } from '../../../../openapi/schema';

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

/** One value as text: lists joined, objects as compact JSON, null as a dash. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map(formatValue).join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
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
  const { method, path, status, operation: _operation, params: _params, impersonation_log_id: _log, ...rest } = entry.details as Record<string, unknown>;
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
