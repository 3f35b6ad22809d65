// One row of the virtual table. Memoised: scrolling mounts the rows that come into view and leaves
// the others alone, so a wheel turn renders a few rows, not all of them.
import { flexRender, type Column, type Row as TableRow } from '@tanstack/react-table';
import { memo, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { cx } from '../../styled-system/css';
import * as s from './VirtualTable.styles';

/** Stable callbacks (they read the table's latest props), so they never defeat the memo. */
export interface RowEvents<Row> {
  open: (row: Row, index: number) => void;
  toggle: (row: Row) => void;
  activate: (index: number) => void;
  name: (row: Row) => string;
}

export interface VirtualRowProps<Row> {
  index: number;
  start: number;
  data: Row | undefined;
  tableRow: TableRow<Row> | undefined;
  active: boolean;
  tabStop: boolean;
  checked: boolean;
  selectable: boolean;
  template: string;
  leaves: Column<Row, unknown>[];
  events: RowEvents<Row>;
}

/**
 * The grid's one tab stop is the first cell of the active (or first shown) row, passing focus on to
 * its row: the row is what has focus while the keys move (a screen reader reads the whole row),
 * but an element in the tab order needs a widget role, which a gridcell has and a row has not
 * (axe's focus-order-semantics). Tab from the row skips that cell once, so it does not come back.
 */
function stopCell(tabStop: boolean) {
  if (!tabStop) return {};
  return {
    tabIndex: 0,
    'data-tab-stop': '',
    onFocus: (e: FocusEvent<HTMLElement>) => {
      if (e.target === e.currentTarget) e.currentTarget.parentElement?.focus({ preventScroll: true });
    },
  };
}

function skipStopOnTab(e: KeyboardEvent<HTMLElement>) {
  if (e.key !== 'Tab' || e.shiftKey || e.target !== e.currentTarget) return;
  const stop = e.currentTarget.querySelector<HTMLElement>('[data-tab-stop]');
  if (!stop) return;
  stop.tabIndex = -1;
  requestAnimationFrame(() => {
    stop.tabIndex = 0;
  });
}

function VirtualRowImpl<Row>({ index, start, data, tableRow, active, tabStop, checked, selectable, template, leaves, events }: VirtualRowProps<Row>) {
  const offset = selectable ? 1 : 0;
  const onClick = (e: MouseEvent) => {
    // Modified clicks belong to the title link (new tab, new window); the row ignores them.
    if (data === undefined || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    events.activate(index);
    events.open(data, index);
  };
  return (
    <div
      role="row"
      data-index={index}
      aria-rowindex={index + 2}
      aria-selected={active}
      tabIndex={-1}
      className={cx(s.row, checked && s.checkedRow)}
      style={{ transform: `translateY(${start}px)`, top: 0, gridTemplateColumns: template }}
      onClick={onClick}
      onKeyDown={skipStopOnTab}
      onFocus={() => {
        if (!active) events.activate(index);
      }}
    >
      {selectable ? (
        // The click only keeps the row from opening; the checkbox inside takes the keys (Space) and the row's own keys toggle it.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus
        <div role="gridcell" aria-colindex={1} className={cx(s.cell, s.checkCell)} onClick={(e) => e.stopPropagation()} {...stopCell(tabStop)}>
          {data !== undefined ? (
            <input
              type="checkbox"
              tabIndex={-1}
              className={s.checkbox}
              aria-label={`Select ${events.name(data)}`}
              checked={checked}
              onChange={() => events.toggle(data)}
            />
          ) : null}
        </div>
      ) : null}
      {tableRow
        ? tableRow.getVisibleCells().map((c, i) => (
            <div
              key={c.id}
              role="gridcell"
              aria-colindex={i + 1 + offset}
              className={cx(s.cell, c.column.columnDef.meta?.align === 'end' && s.alignEnd)}
              {...stopCell(tabStop && !selectable && i === 0)}
            >
              {flexRender(c.column.columnDef.cell, c.getContext())}
            </div>
          ))
        : leaves.map((c, i) => (
            <div key={c.id} role="gridcell" aria-colindex={i + 1 + offset} className={s.cell} {...stopCell(tabStop && !selectable && i === 0)}>
              <span className={s.skeleton} aria-hidden="true" />
            </div>
          ))}
    </div>
  );
}

export const VirtualRow = memo(VirtualRowImpl) as typeof VirtualRowImpl;
