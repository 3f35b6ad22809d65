import type { components } from '../../../openapi/schema.js';
import type { Report, ReportTable } from './report.js';
import { capped, formatAmount, formatTime, humanize, withoutMentionMarkup } from './text.js';

/** The alert and case reports, built from the objects as the contract shapes them. */

type S = components['schemas'];

/** A transaction line of a report. */
export interface ReportTransaction {
  external_id: string;
  event_time: string;
  amount: number | null;
  currency: string | null;
  sender: string | null;
  receiver: string | null;
}

const table = (title: string, columns: string[], rows: string[][], total = rows.length, widths?: number[]): ReportTable => ({
  title,
  columns,
  widths,
  rows: capped(rows),
  total,
});

const rules = (list: S['RuleSummary'][]) =>
  table(
    'Rules',
    ['Id', 'Title', 'Status'],
    list.map((r) => [String(r.id), r.title, humanize(r.status)]),
    list.length,
    [1, 5, 2],
  );
const entities = (list: S['EntitySummary'][]) =>
  table(
    'Entities',
    ['External id', 'Name', 'Type'],
    list.map((e) => [e.external_id, e.name_readable ?? '-', humanize(e.entity_type)]),
    list.length,
    [2, 4, 2],
  );
const instruments = (list: S['InstrumentSummary'][]) =>
  table(
    'Instruments',
    ['External id', 'Type'],
    list.map((i) => [i.external_id, humanize(i.instrument_type)]),
    list.length,
    [3, 2],
  );
const actionEvents = (list: S['ActionEventSummary'][]) =>
  table(
    'Action events',
    ['External id', 'Action', 'Time'],
    list.map((x) => [x.external_id, humanize(x.action_type), formatTime(x.event_time)]),
    list.length,
    [3, 2, 2],
  );

function transactions(list: ReportTransaction[], total: number) {
  return table(
    'Transactions',
    ['External id', 'Time', 'Amount', 'From', 'To'],
    list.map((t) => [t.external_id, formatTime(t.event_time), formatAmount(t.amount, t.currency), t.sender ?? '-', t.receiver ?? '-']),
    total,
    [3, 3, 2.5, 2.5, 2.5],
  );
}

const comments = (list: S['Comment'][]) =>
  list.map((c) => ({ author: c.author.full_name, created_at: formatTime(c.created_at), content: withoutMentionMarkup(c.content) }));

const disposition = (d: S['Disposition'] | null, notes: string | null) => (d ? `${humanize(d)}${notes ? ` - ${notes}` : ''}` : '-');

export function alertReport(a: S['Alert'], txns: { rows: ReportTransaction[]; total: number }, thread: S['Comment'][]): Report {
  return {
    name: `Alert ${a.id}`,
    title: a.title,
    summary: [
      ['Alert id', String(a.id)],
      ['Status', humanize(a.status)],
      ['Type', humanize(a.alert_type)],
      ['Queue', a.queue?.title ?? '-'],
      ['Assignee', a.assigned_to_name ?? 'Unassigned'],
      ['Created', formatTime(a.created_at)],
      ['Deadline', formatTime(a.deadline)],
      ['Disposition', disposition(a.disposition, a.disposition_notes)],
      ['Amount', formatAmount(a.amount_volume, a.currency)],
      ['Alert score', a.alert_score ? `${Math.round(a.alert_score.score)} (${humanize(a.alert_score.risk)} risk)` : '-'],
      ['Tags', a.tags.map((t) => t.title).join(', ') || '-'],
    ],
    description: a.description,
    tables: [rules(a.rules), entities(a.entities), instruments(a.instruments), transactions(txns.rows, txns.total), actionEvents(a.action_events)],
    comments: comments(thread),
  };
}

/** Transaction volume of a case by currency: "12,000.00 USD, 300.00 CAD". */
function volume(events: S['TransactionEventSummary'][]): string {
  const sums = new Map<string, number>();
  for (const e of events) if (e.amount !== null && e.amount !== undefined) sums.set(e.currency ?? '', (sums.get(e.currency ?? '') ?? 0) + e.amount);
  return [...sums].map(([currency, sum]) => formatAmount(sum, currency || null)).join(', ') || '-';
}

export function caseReport(c: S['Case']): Report {
  const events: ReportTransaction[] = c.events.map((e) => ({ ...e, amount: e.amount ?? null, currency: e.currency ?? null, sender: null, receiver: null }));
  return {
    name: `Case ${c.id}`,
    title: c.title,
    summary: [
      ['Case id', String(c.id)],
      ['Status', humanize(c.status)],
      ['Queue', c.queue ? `${c.queue.title}${c.queue.access_type === 'restricted' ? ' (restricted)' : ''}` : '-'],
      ['Assignee', c.assigned_to_name ?? 'Unassigned'],
      ['Created', `${formatTime(c.created_at)} by ${c.created_by.full_name}`],
      ['Deadline', formatTime(c.deadline)],
      ['Disposition', disposition(c.disposition, c.disposition_notes)],
      ['Transaction volume', volume(c.events)],
      ['Tags', c.tags.map((t) => t.title).join(', ') || '-'],
    ],
    description: c.description,
    tables: [
      table(
        'Alerts',
        ['Id', 'Title', 'Status', 'Created'],
        c.alerts.map((a) => [String(a.id), a.title, humanize(a.status), formatTime(a.created_at)]),
        c.alerts.length,
        [1, 5, 1.5, 2.5],
      ),
      table(
        'SARs',
        ['Id', 'Name', 'Status', 'Filed'],
        c.sars.map((s) => [String(s.id), s.name, humanize(s.status), formatTime(s.filed_at)]),
        c.sars.length,
        [1, 4, 3, 2.5],
      ),
      rules(c.rules),
      entities(c.entities),
      instruments(c.instruments),
      table(
        'Transactions',
        ['External id', 'Time', 'Amount'],
        events.map((t) => [t.external_id, formatTime(t.event_time), formatAmount(t.amount, t.currency)]),
        events.length,
        [3, 3, 2.5],
      ),
      actionEvents(c.action_events),
    ],
    comments: comments(c.comments),
  };
}
