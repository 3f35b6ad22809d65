// The alert list's view, filters and order live in the query string, so a link reproduces the view
// and Back/Forward step through changes: ?view=mine&status=OPEN,IN_REVIEW&queue=3&assignee=-1
// &rule=12&tag=4&from=2026-10-01&to=2026-10-31&min=1000&max=0&sort=created_at&dir=desc.
// Pure functions: parse, serialise (keeping parameters that are not the list's, such as ?panel=),
// and turn the state into the POST /api/alerts/list body.
import type { AlertListFilters, AlertSortColumn, AlertStatus } from '../../../api/alerts/queries';
import { calendarDay, startOfDay, startOfNextDay } from '../../../lib/time';

export const ALERT_VIEWS = ['all', 'mine', 'queue'] as const;
export type AlertView = (typeof ALERT_VIEWS)[number];

export const ALERT_STATUSES: readonly AlertStatus[] = ['OPEN', 'IN_REVIEW', 'CLOSED', 'RULE_VALIDATION'];
export const SORT_COLUMNS: readonly AlertSortColumn[] = ['created_at', 'deadline', 'amount_volume', 'alert_score', 'title', 'status', 'id'];
export type SortDir = 'asc' | 'desc';

export interface AlertListState {
  view: AlertView;
  statuses: AlertStatus[];
  queueIds: number[];
  /** Agent ids; -1 is "Unassigned". Ignored in the "mine" view, which is the agent's own id. */
  assigneeIds: number[];
  ruleIds: number[];
  tagIds: number[];
  /** Calendar dates (YYYY-MM-DD) in the agent's time zone; `to` includes its whole day. */
  from: string | null;
  to: string | null;
  /** Amount bounds; only values above 0 apply (spec part 2, section 5). */
  min: number | null;
  max: number | null;
  sort: AlertSortColumn;
  dir: SortDir;
}

export const DEFAULT_SORT: AlertSortColumn = 'created_at';
export const DEFAULT_DIR: SortDir = 'desc';

export const EMPTY_LIST_STATE: AlertListState = {
  view: 'all',
  statuses: [],
  queueIds: [],
  assigneeIds: [],
  ruleIds: [],
  tagIds: [],
  from: null,
  to: null,
  min: null,
  max: null,
  sort: DEFAULT_SORT,
  dir: DEFAULT_DIR,
};

/** The query parameters this list owns; any other parameter is left as it was. */
export const LIST_PARAMS = ['view', 'status', 'queue', 'assignee', 'rule', 'tag', 'from', 'to', 'min', 'max', 'sort', 'dir'] as const;

function ids(value: string | null, min: number): number[] {
  if (!value) return [];
  const out: number[] = [];
  for (const part of value.split(',')) {
    const n = Number(part);
    if (part.trim() !== '' && Number.isInteger(n) && n >= min && !out.includes(n)) out.push(n);
  }
  return out.slice(0, 100);
}

function amount(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** Reads the list's state from a query string; anything malformed falls back to its default. */
export function parseListState(search: string): AlertListState {
  const p = new URLSearchParams(search);
  const view = p.get('view');
  const statuses = (p.get('status') ?? '').split(',').filter((s): s is AlertStatus => (ALERT_STATUSES as readonly string[]).includes(s));
  const sort = p.get('sort');
  return {
    view: (ALERT_VIEWS as readonly string[]).includes(view ?? '') ? (view as AlertView) : 'all',
    statuses: [...new Set(statuses)],
    queueIds: ids(p.get('queue'), 1),
    assigneeIds: ids(p.get('assignee'), -1).filter((n) => n !== 0),
    ruleIds: ids(p.get('rule'), 1),
    tagIds: ids(p.get('tag'), 1),
    from: calendarDay(p.get('from')),
    to: calendarDay(p.get('to')),
    min: amount(p.get('min')),
    max: amount(p.get('max')),
    sort: (SORT_COLUMNS as readonly string[]).includes(sort ?? '') ? (sort as AlertSortColumn) : DEFAULT_SORT,
    dir: p.get('dir') === 'asc' ? 'asc' : p.get('dir') === 'desc' ? 'desc' : DEFAULT_DIR,
  };
}

/**
 * The query string for `state`, starting from `current` so foreign parameters (the right panel's
 * ?panel=) survive. Defaults are left out, so the plain list is plain "/alerts".
 */
export function serializeListState(state: AlertListState, current = ''): string {
  const p = new URLSearchParams(current);
  LIST_PARAMS.forEach((k) => p.delete(k));
  const set = (k: string, v: string | null) => {
    if (v) p.set(k, v);
  };
  set('view', state.view === 'all' ? null : state.view);
  set('status', state.statuses.join(','));
  set('queue', state.queueIds.join(','));
  set('assignee', state.view === 'mine' ? null : state.assigneeIds.join(','));
  set('rule', state.ruleIds.join(','));
  set('tag', state.tagIds.join(','));
  set('from', state.from);
  set('to', state.to);
  set('min', state.min !== null && state.min > 0 ? String(state.min) : null);
  set('max', state.max !== null && state.max > 0 ? String(state.max) : null);
  set('sort', state.sort === DEFAULT_SORT && state.dir === DEFAULT_DIR ? null : state.sort);
  set('dir', state.sort === DEFAULT_SORT && state.dir === DEFAULT_DIR ? null : state.dir);
  const out = p.toString().replace(/%2C/gi, ',');
  return out ? `?${out}` : '';
}

/** The request body of POST /api/alerts/list for `state` (paging is added per page). */
export function toListRequest(state: AlertListState, meId: number, timeZone: string): AlertListFilters {
  const body: AlertListFilters = {
    sort_column: state.sort,
    sort_direction: state.dir === 'asc' ? 'ascending' : 'descending',
  };
  if (state.statuses.length) body.statuses = [...state.statuses];
  if (state.queueIds.length) body.queue_ids = [...state.queueIds];
  const assignees = state.view === 'mine' ? [meId] : state.assigneeIds;
  if (assignees.length) body.assignee_ids = [...assignees];
  if (state.ruleIds.length) body.rule_ids = [...state.ruleIds];
  if (state.tagIds.length) body.tag_ids = [...state.tagIds];
  if (state.from) body.created_from = startOfDay(state.from, timeZone);
  // The spec's before-date rule: the end is one day after the chosen date, so the day is included.
  if (state.to) body.created_to = startOfNextDay(state.to, timeZone);
  if (state.min !== null && state.min > 0) body.minimum_amount = state.min;
  if (state.max !== null && state.max > 0) body.maximum_amount = state.max;
  return body;
}

/** Whether anything narrows the list beyond its view (what "Clear alert filters" clears). */
export function hasFilters(state: AlertListState): boolean {
  return (
    state.statuses.length > 0 ||
    (state.view !== 'queue' && state.queueIds.length > 0) ||
    (state.view !== 'mine' && state.assigneeIds.length > 0) ||
    state.ruleIds.length > 0 ||
    state.tagIds.length > 0 ||
    state.from !== null ||
    state.to !== null ||
    state.min !== null ||
    state.max !== null
  );
}

/** The state with every filter cleared, keeping the view (and its queue) and the order. */
export function clearFilters(state: AlertListState): AlertListState {
  return {
    ...EMPTY_LIST_STATE,
    view: state.view,
    queueIds: state.view === 'queue' ? state.queueIds.slice(0, 1) : [],
    sort: state.sort,
    dir: state.dir,
  };
}

/** Clicking a column header: a new column starts descending (title ascending); the same one flips. */
export function nextSort(state: Pick<AlertListState, 'sort' | 'dir'>, column: AlertSortColumn): Pick<AlertListState, 'sort' | 'dir'> {
  if (state.sort === column) return { sort: column, dir: state.dir === 'asc' ? 'desc' : 'asc' };
  return { sort: column, dir: column === 'title' ? 'asc' : 'desc' };
}
