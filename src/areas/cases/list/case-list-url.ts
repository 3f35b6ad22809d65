// The case list's view, filters and order live in the address so a link reproduces the view
// (issue 7, acceptance 1 and 4), with the alert list's parameter names:
// ?view=mine&status=OPEN&queue=3&assignee=-1&tag=4&from=2026-10-01&to=2026-10-31&sort=deadline&dir=asc.
// Pure: parsed and written without React, tested on their own.
import type { CaseListRequest, CaseSortColumn, CaseStatus } from '../../../api/cases/queries';
import { calendarDay, startOfDay, startOfNextDay } from '../../../lib/time';

export const CASE_STATUSES: readonly CaseStatus[] = ['OPEN', 'IN_REVIEW', 'CLOSED'];
export const CASE_SORT_COLUMNS: readonly CaseSortColumn[] = ['created_at', 'deadline', 'title', 'status', 'id'];

export const CASE_VIEWS = ['all', 'mine'] as const;
export type CaseView = (typeof CASE_VIEWS)[number];

export interface CaseListFilters {
  /** "mine": the viewer's own cases, whoever opens the link; the assignee filter is then unused. */
  view: CaseView;
  statuses: CaseStatus[];
  queueIds: number[];
  /** Agent ids; -1 is "Unassigned". */
  assigneeIds: number[];
  tagIds: number[];
  /** Calendar dates (YYYY-MM-DD) in the agent's time zone, both inclusive. */
  createdFrom: string | null;
  createdTo: string | null;
  sort: CaseSortColumn;
  direction: 'ascending' | 'descending';
}

export const DEFAULT_FILTERS: CaseListFilters = {
  view: 'all',
  statuses: [],
  queueIds: [],
  assigneeIds: [],
  tagIds: [],
  createdFrom: null,
  createdTo: null,
  sort: 'created_at',
  direction: 'descending',
};

/** Parameter names in the address; the alert list uses the same ones. */
const P = { view: 'view', status: 'status', queue: 'queue', assignee: 'assignee', tag: 'tag', from: 'from', to: 'to', sort: 'sort', dir: 'dir' } as const;

function ids(value: string | null, min = 1): number[] {
  if (!value) return [];
  const out = value
    .split(',')
    .filter((v) => v.trim() !== '')
    .map((v) => Number(v))
    .filter((n) => Number.isInteger(n) && n >= min);
  return [...new Set(out)].slice(0, 100);
}

export function parseCaseListSearch(search: string): CaseListFilters {
  const q = new URLSearchParams(search);
  const statuses = (q.get(P.status) ?? '').split(',').filter((s): s is CaseStatus => (CASE_STATUSES as readonly string[]).includes(s));
  const sort = q.get(P.sort);
  return {
    view: q.get(P.view) === 'mine' ? 'mine' : 'all',
    statuses: [...new Set(statuses)],
    queueIds: ids(q.get(P.queue)),
    assigneeIds: ids(q.get(P.assignee), -1).filter((n) => n !== 0),
    tagIds: ids(q.get(P.tag)),
    createdFrom: calendarDay(q.get(P.from)),
    createdTo: calendarDay(q.get(P.to)),
    sort: sort && (CASE_SORT_COLUMNS as readonly string[]).includes(sort) ? (sort as CaseSortColumn) : DEFAULT_FILTERS.sort,
    direction: q.get(P.dir) === 'asc' ? 'ascending' : 'descending',
  };
}

/** The search string for `filters`, keeping parameters that are not the list's (the open panel). */
export function formatCaseListSearch(current: string, filters: CaseListFilters): string {
  const q = new URLSearchParams(current);
  const set = (name: string, value: string | null) => (value ? q.set(name, value) : q.delete(name));
  set(P.view, filters.view === 'mine' ? 'mine' : null);
  set(P.status, filters.statuses.join(','));
  set(P.queue, filters.queueIds.join(','));
  set(P.assignee, filters.view === 'mine' ? null : filters.assigneeIds.join(','));
  set(P.tag, filters.tagIds.join(','));
  set(P.from, filters.createdFrom);
  set(P.to, filters.createdTo);
  set(P.sort, filters.sort === DEFAULT_FILTERS.sort ? null : filters.sort);
  set(P.dir, filters.direction === 'ascending' ? 'asc' : null);
  // Commas read better in a shared link than %2C and mean the same to URLSearchParams.
  const next = q.toString().replace(/%2C/gi, ',');
  return next ? `?${next}` : '';
}

/** Whether anything narrows the list beyond its view (what "Clear filters" clears). */
export function hasActiveFilters(f: CaseListFilters): boolean {
  const assignees = f.view === 'mine' ? 0 : f.assigneeIds.length;
  return f.statuses.length + f.queueIds.length + assignees + f.tagIds.length > 0 || f.createdFrom !== null || f.createdTo !== null;
}

/** Every filter cleared; the view and the order stay. */
export function clearCaseFilters(f: CaseListFilters): CaseListFilters {
  return { ...DEFAULT_FILTERS, view: f.view, sort: f.sort, direction: f.direction };
}

/** Clicking a column header: a new column starts descending (title ascending); the same one flips. */
export function nextCaseSort(f: Pick<CaseListFilters, 'sort' | 'direction'>, column: CaseSortColumn): Pick<CaseListFilters, 'sort' | 'direction'> {
  if (f.sort === column) return { sort: column, direction: f.direction === 'ascending' ? 'descending' : 'ascending' };
  return { sort: column, direction: column === 'title' ? 'ascending' : 'descending' };
}

/**
 * The request body for the filters (paging added per page). The "to" day is included whole: the
 * bound sent is the start of the next day (spec part 2, section 5, the before-date rule).
 */
export function toCaseListRequest(f: CaseListFilters, meId: number, timeZone: string): CaseListRequest {
  const body: CaseListRequest = { sort_column: f.sort, sort_direction: f.direction };
  if (f.statuses.length) body.statuses = [...f.statuses];
  if (f.queueIds.length) body.queue_ids = [...f.queueIds];
  const assignees = f.view === 'mine' ? [meId] : f.assigneeIds;
  if (assignees.length) body.assignee_ids = [...assignees];
  if (f.tagIds.length) body.tag_ids = [...f.tagIds];
  if (f.createdFrom) body.created_from = startOfDay(f.createdFrom, timeZone);
  if (f.createdTo) body.created_to = startOfNextDay(f.createdTo, timeZone);
  return body;
}
