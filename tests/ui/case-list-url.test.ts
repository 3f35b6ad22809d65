// The case list's address: parsed, written back (keeping foreign parameters such as the panel) and
// turned into the POST /api/cases/list body.
import { describe, expect, it } from 'vitest';
import {
  clearCaseFilters,
  DEFAULT_FILTERS,
  formatCaseListSearch,
  hasActiveFilters,
  nextCaseSort,
  parseCaseListSearch,
  toCaseListRequest,
} from '../../src/areas/cases/list/case-list-url';

describe('case list address', () => {
  it('reads every filter and ignores what is malformed', () => {
    const f = parseCaseListSearch('?status=OPEN,BOGUS,IN_REVIEW&queue=3,x,3&assignee=-1,7,0&tag=4&from=2026-10-01&to=2026-13-40&sort=deadline&dir=asc');
    expect(f).toEqual({
      ...DEFAULT_FILTERS,
      statuses: ['OPEN', 'IN_REVIEW'],
      queueIds: [3],
      assigneeIds: [-1, 7],
      tagIds: [4],
      createdFrom: '2026-10-01',
      createdTo: null,
      sort: 'deadline',
      direction: 'ascending',
    });
    expect(parseCaseListSearch('')).toEqual(DEFAULT_FILTERS);
    expect(parseCaseListSearch('?view=mine').view).toBe('mine');
  });

  it('writes back what it reads and keeps the open panel', () => {
    const search = '?panel=case:12';
    const f = { ...DEFAULT_FILTERS, statuses: ['OPEN' as const], assigneeIds: [-1], sort: 'title' as const, direction: 'ascending' as const };
    const written = formatCaseListSearch(search, f);
    expect(Object.fromEntries(new URLSearchParams(written))).toEqual({ panel: 'case:12', status: 'OPEN', assignee: '-1', sort: 'title', dir: 'asc' });
    expect(parseCaseListSearch(written)).toEqual(f);
    expect(formatCaseListSearch('?status=OPEN', DEFAULT_FILTERS)).toBe('');
  });

  it('"mine" is the viewer: the request names the agent and the address names no one', () => {
    const f = { ...DEFAULT_FILTERS, view: 'mine' as const, assigneeIds: [5] };
    expect(formatCaseListSearch('', f)).toBe('?view=mine');
    expect(toCaseListRequest(f, 42, 'UTC').assignee_ids).toEqual([42]);
    expect(hasActiveFilters(f)).toBe(false);
  });

  it('sends the created range as instants in the agent zone, the "to" day included whole', () => {
    const body = toCaseListRequest({ ...DEFAULT_FILTERS, createdFrom: '2026-10-01', createdTo: '2026-10-31' }, 1, 'America/New_York');
    expect(body.created_from).toBe('2026-10-01T04:00:00Z');
    expect(body.created_to).toBe('2026-11-01T04:00:00Z');
    expect(body).toMatchObject({ sort_column: 'created_at', sort_direction: 'descending' });
    expect(body.statuses).toBeUndefined();
  });

  it('sorts a new column descending (title ascending) and flips the same one', () => {
    expect(nextCaseSort(DEFAULT_FILTERS, 'deadline')).toEqual({ sort: 'deadline', direction: 'descending' });
    expect(nextCaseSort(DEFAULT_FILTERS, 'title')).toEqual({ sort: 'title', direction: 'ascending' });
    expect(nextCaseSort(DEFAULT_FILTERS, 'created_at')).toEqual({ sort: 'created_at', direction: 'ascending' });
  });

  it('clearing keeps the view and the order', () => {
    const f = { ...DEFAULT_FILTERS, view: 'mine' as const, tagIds: [2], sort: 'id' as const };
    expect(clearCaseFilters(f)).toEqual({ ...DEFAULT_FILTERS, view: 'mine', sort: 'id' });
  });
});
