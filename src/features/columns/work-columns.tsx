// Columns the alert list and the case list share: the id, the title that links to the item, the
// queue and the assignee, when it was created and its disposition. Each takes the list's column
// helper; the column ids are the fields' names, so saved layouts keep their columns.
import type { ColumnHelper } from '@tanstack/react-table';
import { Link } from 'wouter';
import { compactTime, longTime } from '../../lib/time';
import { dispositionLabel, type Disposition } from '../../lib/work-rules';
import { listCells } from '../../ui/list.recipes';

const cells = listCells();

/** A value, or a muted stand-in when there is none. */
export function ValueOr({ value, none = '—' }: { value: string | null; none?: string }) {
  return value ? <span title={value}>{value}</span> : <span className={cells.muted}>{none}</span>;
}

export function idColumn<Row extends { id: number }>(col: ColumnHelper<Row>) {
  return col.accessor((row) => row.id, {
    id: 'id',
    header: 'ID',
    meta: { width: 72, align: 'end', sortKey: 'id' },
    cell: (c) => <span className={cells.numeric}>{c.getValue()}</span>,
  });
}

export function titleColumn<Row extends { id: number; title: string }>(col: ColumnHelper<Row>, path: (id: number) => string, width: number) {
  return col.accessor((row) => row.title, {
    id: 'title',
    header: 'Title',
    meta: { width, grow: 3, sortKey: 'title' },
    // A real link for middle-click and "open in new tab"; the row is the keyboard's one tab stop.
    cell: (c) => (
      <Link href={path(c.row.original.id)} tabIndex={-1} className={cells.titleLink} title={c.getValue()}>
        {c.getValue()}
      </Link>
    ),
  });
}

export function assigneeColumn<Row extends { assigned_to_name: string | null }>(col: ColumnHelper<Row>, width: number) {
  return col.accessor((row) => row.assigned_to_name, {
    id: 'assigned_to_name',
    header: 'Assignee',
    meta: { width },
    cell: (c) => <ValueOr value={c.getValue()} none="Unassigned" />,
  });
}

export function createdColumn<Row extends { created_at: string }>(col: ColumnHelper<Row>) {
  return col.accessor((row) => row.created_at, {
    id: 'created_at',
    header: 'Created',
    meta: { width: 136, sortKey: 'created_at' },
    cell: (c) => (
      <time className={cells.numeric} dateTime={c.getValue()} title={longTime(c.getValue())}>
        {compactTime(c.getValue())}
      </time>
    ),
  });
}

export function dispositionColumn<Row extends { disposition?: Disposition | null }>(col: ColumnHelper<Row>) {
  return col.accessor((row) => row.disposition ?? null, {
    id: 'disposition',
    header: 'Disposition',
    meta: { width: 128 },
    cell: (c) => {
      const value = c.getValue();
      return value ? <span>{dispositionLabel(value)}</span> : <span className={cells.muted}>—</span>;
    },
  });
}
