// A rule's audit entries in words: the action ("Status changed from Draft to Shadow") and the
// fields a save changed, before and after.
import type { RuleHistoryEntry } from '../../../../api/rules/queries';
import { compactTime } from '../../../../lib/time';
import { STATUS_LABELS } from '../../rules.constants';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const statusText = (v: unknown) => (typeof v === 'string' && v in STATUS_LABELS ? STATUS_LABELS[v as keyof typeof STATUS_LABELS] : String(v));

export function historyText(entry: RuleHistoryEntry): string {
  const d = entry.details;
  const before = isRecord(d.before) ? d.before : {};
  const after = isRecord(d.after) ? d.after : {};
  switch (entry.action) {
    case 'rule.created':
      return 'Rule written (version 1)';
    case 'rule.updated':
      return typeof after.version === 'number' ? `Definition changed: version ${after.version}` : 'Rule saved';
    case 'rule.status_changed':
      return `Status changed from ${statusText(before.status)} to ${statusText(after.status)}`;
    case 'rule.validation_requested':
      return `Validation requested over ${compactTime(typeof d.window_start === 'string' ? d.window_start : null)} – ${compactTime(
        typeof d.window_end === 'string' ? d.window_end : null,
      )}`;
    default:
      return entry.action.replace(/^rule[._]/, '').replaceAll('_', ' ');
  }
}

const FIELD_LABELS: Record<string, string> = { title: 'Title', description: 'Description', queue_id: 'Queue', spec: 'Definition', version: 'Version' };

type QueueTitle = (id: number) => string | undefined;

const shown = (field: string, v: unknown, queueTitle: QueueTitle): string => {
  if (v === null || v === undefined || v === '') return '(none)';
  if (field === 'spec') return 'changed';
  if (field === 'queue_id' && typeof v === 'number') return queueTitle(v) ?? `Queue ${v}`;
  return typeof v === 'string' || typeof v === 'number' ? String(v) : JSON.stringify(v);
};

/** The fields a save changed, each before and after ("Definition" only says it changed). */
export function historyChanges(entry: RuleHistoryEntry, queueTitle: QueueTitle = () => undefined): { field: string; before: string | null; after: string }[] {
  if (entry.action !== 'rule.updated' && entry.action !== 'rule.created') return [];
  const before = isRecord(entry.details.before) ? entry.details.before : null;
  const after = isRecord(entry.details.after) ? entry.details.after : {};
  return Object.keys(after)
    .filter((k) => !(entry.action === 'rule.updated' && k === 'spec' && before === null))
    .map((k) => ({
      field: FIELD_LABELS[k] ?? k,
      before: before ? (k === 'spec' ? 'previous' : shown(k, before[k], queueTitle)) : null,
      after: shown(k, after[k], queueTitle),
    }));
}
