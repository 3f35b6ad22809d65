// @vitest-environment jsdom
// The alert list (issue 7, acceptance 1): its URL state and the virtual table's keyboard.
import './setup-dom';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { alertKeys } from '../../src/api/alerts/keys';
import { chunk } from '../../src/api/work/mutations';
import {
  clearFilters,
  EMPTY_LIST_STATE,
  hasFilters,
  nextSort,
  parseListState,
  serializeListState,
  toListRequest,
} from '../../src/areas/alerts/list/alert-list-url';
import { VirtualTable } from '../../src/ui/VirtualTable';
import { moveIndex, tableKeyAction } from '../../src/ui/row-keys';
import { pagesFor, type PagedRows } from '../../src/ui/VirtualTable.paging';

afterEach(cleanup);

describe('alert list URL', () => {
  it('reads every filter of a shared link and writes the same link back', () => {
    const search =
      'view=queue&status=OPEN,IN_REVIEW&queue=3&assignee=-1,7&rule=12&tag=4,5&from=2026-10-01&to=2026-10-31&min=1000&max=50000&sort=amount_volume&dir=asc';
    const state = parseListState(search);
    expect(state).toEqual({
      view: 'queue',
      statuses: ['OPEN', 'IN_REVIEW'],
      queueIds: [3],
      assigneeIds: [-1, 7],
      ruleIds: [12],
      tagIds: [4, 5],
      from: '2026-10-01',
      to: '2026-10-31',
      min: 1000,
      max: 50000,
      sort: 'amount_volume',
      dir: 'asc',
    });
    expect(serializeListState(state)).toBe(`?${search}`);
    expect(parseListState(serializeListState(state))).toEqual(state);
  });

  it('leaves defaults out, so the plain list is plain /alerts', () => {
    expect(serializeListState(EMPTY_LIST_STATE)).toBe('');
    expect(serializeListState({ ...EMPTY_LIST_STATE, dir: 'asc' })).toBe('?sort=created_at&dir=asc');
  });

  it('keeps parameters that are not the list’s, such as the open panel', () => {
    const next = serializeListState({ ...EMPTY_LIST_STATE, statuses: ['CLOSED'] }, '?panel=alert:9&status=OPEN');
    expect(new URLSearchParams(next).get('panel')).toBe('alert:9');
    expect(new URLSearchParams(next).get('status')).toBe('CLOSED');
  });

  it('drops malformed values instead of failing', () => {
    const state = parseListState('view=nope&status=OPEN,BOGUS,OPEN&queue=0,x,4&assignee=-2,-1,0&from=2026-02-30&to=soon&min=-5&max=abc&sort=drop&dir=up');
    expect(state).toEqual({ ...EMPTY_LIST_STATE, statuses: ['OPEN'], queueIds: [4], assigneeIds: [-1] });
  });

  it('does not write an assignee in the "mine" view (it is the agent)', () => {
    expect(serializeListState({ ...EMPTY_LIST_STATE, view: 'mine', assigneeIds: [-1] })).toBe('?view=mine');
  });
});

describe('alert list request', () => {
  it('sends only the filters that are set, with the sort as the contract names it', () => {
    expect(toListRequest(EMPTY_LIST_STATE, 7, 'UTC')).toEqual({ sort_column: 'created_at', sort_direction: 'descending' });
  });

  it('"My alerts" is the signed-in agent as the assignee; Unassigned is -1', () => {
    expect(toListRequest({ ...EMPTY_LIST_STATE, view: 'mine', assigneeIds: [-1] }, 7, 'UTC').assignee_ids).toEqual([7]);
    expect(toListRequest({ ...EMPTY_LIST_STATE, assigneeIds: [-1] }, 7, 'UTC').assignee_ids).toEqual([-1]);
  });

  it('covers whole days in the agent’s time zone: the end is one day after the chosen date', () => {
    const body = toListRequest({ ...EMPTY_LIST_STATE, from: '2026-10-01', to: '2026-10-31' }, 7, 'America/New_York');
    expect(body.created_from).toBe('2026-10-01T04:00:00Z');
    expect(body.created_to).toBe('2026-11-01T04:00:00Z');
  });

  it('applies amount bounds only above 0', () => {
    const body = toListRequest({ ...EMPTY_LIST_STATE, min: 0, max: 250 }, 7, 'UTC');
    expect(body.minimum_amount).toBeUndefined();
    expect(body.maximum_amount).toBe(250);
  });

  it('clearing filters keeps the view, its queue and the order', () => {
    const state = parseListState('view=queue&queue=3&status=OPEN&tag=2&min=5&sort=id&dir=asc');
    expect(hasFilters(state)).toBe(true);
    const cleared = clearFilters(state);
    expect(hasFilters(cleared)).toBe(false);
    expect(serializeListState(cleared)).toBe('?view=queue&queue=3&sort=id&dir=asc');
  });

  it('a new sort column starts descending (title ascending); the same column flips', () => {
    expect(nextSort({ sort: 'created_at', dir: 'desc' }, 'created_at')).toEqual({ sort: 'created_at', dir: 'asc' });
    expect(nextSort({ sort: 'created_at', dir: 'desc' }, 'alert_score')).toEqual({ sort: 'alert_score', dir: 'desc' });
    expect(nextSort({ sort: 'created_at', dir: 'desc' }, 'title')).toEqual({ sort: 'title', dir: 'asc' });
  });

  it('pages of one filter set share the lists() prefix that actions invalidate', () => {
    expect(alertKeys.list({ page: 3 }).slice(0, 2)).toEqual(alertKeys.lists());
  });

  it('bulk actions go in chunks of at most 100 ids', () => {
    const ids = Array.from({ length: 250 }, (_, i) => i + 1);
    expect(chunk(ids, 100).map((c) => c.length)).toEqual([100, 100, 50]);
  });
});

describe('virtual table keys', () => {
  const key = (k: string, target: EventTarget | null = document.body, extra: Partial<KeyboardEvent> = {}) =>
    tableKeyAction({ key: k, ctrlKey: false, metaKey: false, altKey: false, defaultPrevented: false, target, ...extra }, null);

  it('takes j, k and x anywhere but in text fields and popovers; Enter only in the table or on the page', () => {
    const input = document.createElement('input');
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    const inDialog = document.createElement('button');
    dialog.append(inDialog);
    const button = document.createElement('button');
    document.body.append(input, dialog, button);
    expect(key('j')).toBe('next');
    expect(key('k')).toBe('previous');
    expect(key('x', button)).toBe('toggle');
    expect(key('Enter')).toBe('open');
    expect(key('Enter', button)).toBeNull();
    expect(key('ArrowDown', button)).toBeNull();
    expect(key('j', input)).toBeNull();
    expect(key('j', inDialog)).toBeNull();
    expect(key('j', document.body, { ctrlKey: true })).toBeNull();
  });

  it('moves within the list', () => {
    expect(moveIndex(-1, 'next', 5)).toBe(0);
    expect(moveIndex(4, 'next', 5)).toBe(4);
    expect(moveIndex(0, 'previous', 5)).toBe(0);
    expect(moveIndex(2, 'last', 5)).toBe(4);
    expect(moveIndex(2, 'next', 0)).toBe(-1);
  });

  it('fetches the pages the visible rows fall in', () => {
    expect(pagesFor(0, 30, 100)).toEqual([0]);
    expect(pagesFor(90, 130, 100)).toEqual([1, 0].sort());
    expect(pagesFor(99_950, 99_999, 100)).toEqual([999]);
  });
});

interface Item {
  id: number;
  title: string;
}
const col = createColumnHelper<Item>();
const columns = [col.accessor('id', { header: 'ID', meta: { width: 60 } }), col.accessor('title', { header: 'Title', meta: { width: 200, grow: 1 } })];

function staticRows(items: Item[]): PagedRows<Item> {
  return {
    resetKey: 'static',
    pageSize: 100,
    count: items.length,
    get: (i) => items[i],
    setRange: () => {},
    loadedRows: items,
    status: 'success',
    fetching: false,
    retry: () => {},
  };
}

function Harness({ items, onOpen }: { items: Item[]; onOpen: (item: Item) => void }) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [rows] = useState(() => staticRows(items));
  return (
    <VirtualTable
      label="Items"
      columns={columns}
      rows={rows}
      getRowId={(r) => r.id}
      rowName={(r) => `item ${r.id}`}
      onOpen={onOpen}
      selection={{
        isSelected: (r) => selected.has(r.id),
        toggle: (r) => setSelected((s) => new Set(s.has(r.id) ? [...s].filter((x) => x !== r.id) : [...s, r.id])),
        setAll: (list, on) => setSelected(new Set(on ? list.map((r) => r.id) : [])),
      }}
      empty={<p>No information to display</p>}
      error={() => <p>failed</p>}
    />
  );
}

describe('virtual table', () => {
  beforeAll(() => {
    // jsdom lays nothing out: give the scroll area a height so the virtualizer shows rows.
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });
    Element.prototype.scrollTo = function scrollTo(this: Element, options?: ScrollToOptions | number) {
      if (typeof options === 'object' && options.top !== undefined) this.scrollTop = options.top;
    };
  });
  const items = Array.from({ length: 40 }, (_, i) => ({ id: 100 + i, title: `Item ${i}` }));

  it('is a grid with column headers and rows named by their checkbox', () => {
    render(<Harness items={items} onOpen={() => {}} />);
    const grid = screen.getByRole('grid', { name: 'Items' });
    expect(grid.getAttribute('aria-rowcount')).toBe('41');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['', 'ID', 'Title']);
    expect(screen.getByRole('checkbox', { name: 'Select item 100' })).toBeTruthy();
  });

  it('j and k move the active row (aria-selected, focus), Enter opens it, x selects it', async () => {
    const onOpen = vi.fn();
    render(<Harness items={items} onOpen={onOpen} />);
    const active = () => screen.getAllByRole('row').filter((r) => r.getAttribute('aria-selected') === 'true');
    expect(active()).toHaveLength(0);

    await act(async () => {
      fireEvent.keyDown(document.body, { key: 'j' });
      fireEvent.keyDown(document.body, { key: 'j' });
      fireEvent.keyDown(document.body, { key: 'j' });
      fireEvent.keyDown(document.body, { key: 'k' });
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(active()).toHaveLength(1);
    expect(active()[0].getAttribute('data-index')).toBe('1');
    expect(document.activeElement).toBe(active()[0]);
    // The one tab stop is the active row's first cell, which hands focus to the row.
    const stops = [...document.querySelectorAll('[tabindex="0"]')].filter((el) => el.closest('[role="grid"]'));
    expect(stops).toEqual([active()[0].querySelector('[role="gridcell"]')]);
    act(() => document.body.focus());
    act(() => (stops[0] as HTMLElement).focus());
    expect(document.activeElement).toBe(active()[0]);

    fireEvent.keyDown(document.activeElement!, { key: 'x' });
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select item 101' }).checked).toBe(true);

    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledWith(items[1]);
  });

  it('keys typed into a field stay text', () => {
    const onOpen = vi.fn();
    render(
      <>
        <input aria-label="Search" />
        <Harness items={items} onOpen={onOpen} />
      </>,
    );
    fireEvent.keyDown(screen.getByLabelText('Search'), { key: 'j' });
    expect(screen.getAllByRole('row').filter((r) => r.getAttribute('aria-selected') === 'true')).toHaveLength(0);
  });

  it('a click opens the row; its checkbox only selects', () => {
    const onOpen = vi.fn();
    render(<Harness items={items} onOpen={onOpen} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select item 102' }));
    expect(onOpen).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('Item 2'));
    expect(onOpen).toHaveBeenCalledWith(items[2]);
  });

  it('the header checkbox selects every loaded row', () => {
    render(<Harness items={items} onOpen={() => {}} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all loaded rows' }));
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select item 100' }).checked).toBe(true);
  });

  it('shows the empty state when nothing matches', () => {
    render(<Harness items={[]} onOpen={() => {}} />);
    expect(screen.queryByRole('grid')).toBeNull();
    expect(screen.getByText('No information to display')).toBeTruthy();
  });
});
