// How an audit entry reads: "assigned the alert", plus the changed fields as "field: before → after".
import type { AuditEntry } from '../../api/queries/audit-query';
import { formatDateTime } from '../../lib/deadline';

const VERBS: Record<string, string> = {
  assign: 'changed the assignee',
  queue_change: 'moved it to another queue',
  deadline_edit: 'changed the deadline',
  status_change: 'changed the status',
  status_changed: 'changed the status',
  created: 'created it',
  edit: 'edited the tags',
  comment: 'commented',
};

/** "alert.deadline_edit" -> "changed the deadline"; unknown actions read as their words. */
export function auditVerb(action: string): string {
  if (action.startsWith('comment')) return 'commented';
  const last = action.split('.').pop() ?? action;
  return VERBS[last] ?? action.replace(/[._]/g, ' ');
}

const isTime = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v);

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (isTime(value)) return formatDateTime(value);
  if (Array.isArray(value)) return value.map(show).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const label = (key: string) => key.replace(/_/g, ' ');

/** One line per changed field, before and after, capped so one entry stays short. */
export function describeAudit(entry: AuditEntry): { summary: string; details: string[] } {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const details = keys.slice(0, 4).map((k) => {
    const was = (before as Record<string, unknown>)[k];
    const now = (after as Record<string, unknown>)[k];
    return k in before ? `${label(k)}: ${show(was)} → ${show(now)}` : `${label(k)}: ${show(now)}`;
  });
  return { summary: auditVerb(entry.action), details };
}
