// How an audit entry reads: a verb ("changed the assignee") and the changed fields as
// "Assignee: Ann Lee → Ben Ode". Ids are left out where the entry also names the thing.
import type { AuditEntry } from '../../api/audit/queries';
import { isInstant, longTime } from '../../lib/time';
import { plainText } from '../../lib/mentions';
import { dispositionLabel, statusLabel, type Disposition, type WorkStatus } from '../../lib/work-rules';
import { scalarText } from '../../../core/scalar-text';

const VERBS: Array<[RegExp, string]> = [
  [/^comment\./, 'commented'],
  [/\.assign(ed)?$/, 'changed the assignee'],
  [/\.queue_change(d)?$/, 'moved it to another queue'],
  [/\.deadline_edit(ed)?$/, 'changed the deadline'],
  [/\.status_change(d)?$/, 'changed the status'],
  [/\.closed$/, 'closed it'],
  [/\.created$/, 'created it'],
  [/^tags\.edit/, 'edited the tags'],
  [/\.alerts_added$/, 'added alerts'],
];

/** "alert.deadline_edit" -> "changed the deadline"; unknown actions read as their words. */
export function auditVerb(action: string): string {
  return VERBS.find(([pattern]) => pattern.test(action))?.[1] ?? action.replace(/[._]/g, ' ');
}

const LABELS: Record<string, string> = {
  assigned_to_name: 'Assignee',
  agent_id: 'Assignee',
  queue_title: 'Queue',
  status: 'Status',
  disposition: 'Disposition',
  disposition_notes: 'Notes',
  deadline: 'Deadline',
  content: 'Comment',
  tags: 'Tags',
};

/** Fields not worth a line: ids shown by name elsewhere in the entry, bookkeeping. */
const HIDDEN = new Set(['assigned_to_id', 'queue_id', 'comment_id', 'mentioned_agent_ids', 'label_edit_id', 'request_id']);

const COMMENT_PREVIEW = 120;

function show(key: string, value: unknown, agentNames: ReadonlyMap<number, string>): string {
  if (value === null || value === undefined || value === '') return key === 'assigned_to_name' ? 'Unassigned' : '—';
  if (key === 'status' && typeof value === 'string') return statusLabel(value as WorkStatus);
  if (key === 'disposition' && typeof value === 'string') return dispositionLabel(value as Disposition);
  if (key === 'agent_id') return agentNames.get(Number(value)) ?? `agent ${scalarText(value)}`;
  if (key === 'content' && typeof value === 'string') {
    const text = plainText(value);
    return text.length > COMMENT_PREVIEW ? `${text.slice(0, COMMENT_PREVIEW)}…` : text;
  }
  if (isInstant(value)) return longTime(value);
  if (Array.isArray(value)) return value.map((v) => show('', v, agentNames)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return scalarText(value);
}

const label = (key: string) => LABELS[key] ?? key.charAt(0).toUpperCase() + key.slice(1).replace(/_/g, ' ');

/** One line per changed field, before and after, capped so one entry stays short. */
export function describeAudit(entry: AuditEntry, agentNames: ReadonlyMap<number, string> = new Map()): { summary: string; details: string[] } {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => !HIDDEN.has(k));
  const details = keys
    .slice(0, 4)
    .map((k) =>
      k in before ? `${label(k)}: ${show(k, before[k], agentNames)} → ${show(k, after[k], agentNames)}` : `${label(k)}: ${show(k, after[k], agentNames)}`,
    );
  return { summary: auditVerb(entry.action), details };
}
