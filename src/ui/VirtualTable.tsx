// A generic virtual table for the work lists (alerts, cases): TanStack Table for the columns,
// TanStack Virtual for the rows, pages fetched as they come into view (VirtualTable.paging.ts).
// ARIA grid semantics; one tab stop (the active row, reached through its first cell: VirtualTable.row.tsx);
// j/k move, Enter opens, x selects.
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type RowData } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { cx } from '../../styled-system/css';
import { LoadingState } from './LoadingState';
import { moveIndex, tableKeyAction } from './row-keys';
import { VirtualRow, type RowEvents } from './VirtualTable.row';
import type { PagedRows } from './VirtualTable.paging';
import * as s from './VirtualTable.styles';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Minimum width in px; the column grows past it by `grow` shares of the spare width. */
    width: number;
    grow?: number;
    align?: 'start' | 'end';
    /** The server's sort column for this column; absent when the column does not sort. */
    sortKey?: string;
  }
}

export type SortDir = 'asc' | 'desc';
const CHECK_WIDTH = 40;

export interface VirtualTableSelection<Row> {
  isSelected: (row: Row) => boolean;
  toggle: (row: Row) => void;
  /** Select (or clear) every given row: the header checkbox passes the loaded rows. */
  setAll: (rows: Row[], selected: boolean) => void;
}

export interface VirtualTableProps<Row> {
  /** The grid's accessible name. */
  label: string;
  // Columns mix value types; TanStack's own examples type the list this way.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<Row, any>[];
  rows: PagedRows<Row>;
  getRowId: (row: Row) => number;
  /** Names a row for its checkbox ("alert 12"). */
  rowName: (row: Row) => string;
  sort?: { column: string; dir: SortDir };
  onSort?: (sortKey: string) => void;
  onOpen: (row: Row) => void;
  selection?: VirtualTableSelection<Row>;
  /** Shown instead of the grid when the count is 0. */
  empty: ReactNode;
  /** Shown when loading failed; gets the retry. */
  error: (retry: () => void) => ReactNode;
  /** Take j/k/x from the whole page (one list per page does). */
  pageKeys?: boolean;
  /** Said while the first page of the first filter set loads ("Loading alerts"). */
  loadingLabel?: string;
}

function track(meta: { width: number; grow?: number } | undefined): string {
  const width = meta?.width ?? 120;
  return meta?.grow ? `minmax(${width}px, ${meta.grow}fr)` : `${width}px`;
}

function mark(sorted: SortDir | null) {
  return (
    <span className={s.sortMark} aria-hidden="true">
      {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
    </span>
  );
}

export function VirtualTable<Row>(props: VirtualTableProps<Row>) {
  const { label, columns, rows, getRowId, rowName, sort, onSort, onOpen, selection, empty, error, pageKeys = true, loadingLabel = 'Loading' } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const count = rows.count ?? 0;
  const [active, setActive] = useState<{ key: string; index: number }>({ key: rows.resetKey, index: -1 });
  const activeIndex = active.key === rows.resetKey ? Math.min(active.index, count - 1) : -1;
  const focusWanted = useRef(false);

  // eslint-disable-next-line react-hooks/incompatible-library -- the console does not run the React Compiler; TanStack Virtual's instance is mutable by design
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => s.ROW_HEIGHT,
    overscan: 12,
    paddingStart: s.HEADER_HEIGHT,
    scrollPaddingStart: s.HEADER_HEIGHT,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? -1;

  const { setRange } = rows;
  useEffect(() => {
    setRange(first, last);
  }, [first, last, setRange]);

  // A new filter set starts at the top.
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [rows.resetKey]);

  const table = useReactTable({
    // The rows of the fetched pages: the same array while scrolling within them, so the row model
    // and the rows' cells are built once per page, not once per frame.
    data: rows.loadedRows,
    columns,
    getRowId: (row) => String(getRowId(row)),
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
  });

  const leaves = table.getVisibleLeafColumns();
  const template = [selection ? `${CHECK_WIDTH}px` : null, ...leaves.map((c) => track(c.columnDef.meta))].filter(Boolean).join(' ');
  const minWidth = (selection ? CHECK_WIDTH : 0) + leaves.reduce((sum, c) => sum + (c.columnDef.meta?.width ?? 120), 0);
  const colCount = leaves.length + (selection ? 1 : 0);

  const goTo = useCallback(
    (index: number, focus: boolean) => {
      if (index < 0) return;
      setActive({ key: rows.resetKey, index });
      focusWanted.current = focus;
      virtualizer.scrollToIndex(index, { align: 'auto' });
    },
    [rows.resetKey, virtualizer],
  );

  // Focus follows the active row once it is rendered (after scrolling it may take a frame).
  useEffect(() => {
    if (!focusWanted.current || activeIndex < 0) return;
    let tries = 0;
    let frame = 0;
    const attempt = () => {
      const el = gridRef.current?.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`);
      if (el) {
        el.focus({ preventScroll: true });
        focusWanted.current = false;
      } else if (tries++ < 10) frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [activeIndex, items]);

  const latest = useRef({ activeIndex, count, rows, onOpen, selection, goTo, rowName });
  latest.current = { activeIndex, count, rows, onOpen, selection, goTo, rowName };
  const resetKey = rows.resetKey;
  const events = useMemo<RowEvents<Row>>(
    () => ({
      open: (row) => latest.current.onOpen(row),
      toggle: (row) => latest.current.selection?.toggle(row),
      activate: (index) => setActive({ key: resetKey, index }),
      name: (row) => latest.current.rowName(row),
    }),
    [resetKey],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const inGrid = e.target instanceof Node && gridRef.current?.contains(e.target);
      if (!pageKeys && !inGrid) return;
      const action = tableKeyAction(e, gridRef.current);
      if (!action) return;
      const cur = latest.current;
      if (action === 'open' || action === 'toggle') {
        const row = cur.activeIndex >= 0 ? cur.rows.get(cur.activeIndex) : undefined;
        if (!row) return;
        e.preventDefault();
        if (action === 'open') cur.onOpen(row);
        else cur.selection?.toggle(row);
        return;
      }
      e.preventDefault();
      const next = moveIndex(cur.activeIndex, action, cur.count);
      // Held or fast keys arrive before React renders again: the next press starts from this one.
      cur.activeIndex = next;
      cur.goTo(next, true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [pageKeys]);

  if (rows.status === 'error') return <>{error(rows.retry)}</>;
  if (rows.status === 'success' && count === 0) return <>{empty}</>;

  const loaded = rows.loadedRows;
  const allChecked = selection !== undefined && loaded.length > 0 && loaded.every((r) => selection.isSelected(r));
  const someChecked = selection !== undefined && loaded.some((r) => selection.isSelected(r));
  const tabStop = activeIndex >= 0 ? activeIndex : first;

  return (
    <div ref={scrollRef} className={s.scroller}>
      <div
        ref={gridRef}
        role="grid"
        aria-label={label}
        aria-rowcount={rows.count === null ? -1 : count + 1}
        aria-colcount={colCount}
        aria-busy={rows.status === 'pending' || rows.fetching}
        className={s.grid}
        style={{ height: virtualizer.getTotalSize(), minWidth }}
      >
        <div role="row" aria-rowindex={1} className={s.headerRow} style={{ gridTemplateColumns: template }}>
          {selection ? (
            <div role="columnheader" aria-colindex={1} className={cx(s.headerCell, s.checkCell)}>
              <input
                type="checkbox"
                className={s.checkbox}
                aria-label="Select all loaded rows"
                checked={allChecked}
                ref={(el) => {
                  if (el) el.indeterminate = someChecked && !allChecked;
                }}
                disabled={loaded.length === 0}
                onChange={() => selection.setAll(loaded, !allChecked)}
              />
            </div>
          ) : null}
          {table.getHeaderGroups()[0].headers.map((header, i) => {
            const meta = header.column.columnDef.meta;
            const sortKey = meta?.sortKey;
            const sorted = sortKey !== undefined && sort?.column === sortKey ? sort.dir : null;
            const content = flexRender(header.column.columnDef.header, header.getContext());
            return (
              <div
                key={header.id}
                role="columnheader"
                aria-colindex={i + 1 + (selection ? 1 : 0)}
                aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                className={cx(s.headerCell, meta?.align === 'end' && s.alignEnd)}
              >
                {sortKey && onSort ? (
                  <button type="button" className={cx(s.sortButton, sorted && s.sortActive)} onClick={() => onSort(sortKey)}>
                    {/* The mark sits on the inner side, so it never runs into the next column's title. */}
                    {meta?.align === 'end' ? mark(sorted) : null}
                    {content}
                    {meta?.align === 'end' ? null : mark(sorted)}
                  </button>
                ) : (
                  content
                )}
              </div>
            );
          })}
        </div>
        {items.map((item) => {
          const data = rows.get(item.index);
          return (
            <VirtualRow<Row>
              key={item.key}
              index={item.index}
              start={item.start}
              data={data}
              tableRow={data !== undefined ? table.getRow(String(getRowId(data)), true) : undefined}
              active={item.index === activeIndex}
              tabStop={item.index === tabStop}
              checked={data !== undefined && selection?.isSelected(data) === true}
              selectable={selection !== undefined}
              template={template}
              leaves={leaves}
              events={events}
            />
          );
        })}
      </div>
      {rows.count === null ? <LoadingState label={loadingLabel} /> : null}
    </div>
  );
}
