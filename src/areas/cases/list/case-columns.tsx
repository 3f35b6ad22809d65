// The case list's columns: id, title, status, queue, assignee, alerts, SARs, deadline, created, tags.
import { createColumnHelper } from '@tanstack/react-table';
import { cx } from '../../../../styled-system/css';
import { Icon } from '../../../ui/icons';
import { VisuallyHidden } from '../../../ui/VisuallyHidden';
import { StatusBadge } from '../../../features/work/StatusBadge';
import type { CaseListItem } from '../../../api/cases/queries';
import { compactTime, longTime } from '../../../lib/time';
import { isOverdue } from '../case-format';
import * as s from './case-columns.styles';
import { listCells } from '../../../ui/list.recipes';
import { assigneeColumn, createdColumn, dispositionColumn, idColumn, titleColumn } from '../../../features/columns/work-columns';

const cells = listCells();

const col = createColumnHelper<CaseListItem>();

export function casePath(id: number): string {
  return `/cases/${id}`;
}

export const CASE_COLUMNS = [
  idColumn(col),
  titleColumn(col, casePath, 240),
  col.accessor('status', {
    header: 'Status',
    meta: { width: 118, sortKey: 'status' },
    cell: (c) => <StatusBadge status={c.getValue()} />,
  }),
  col.accessor('queue_title', {
    header: 'Queue',
    meta: { width: 170, grow: 1 },
    cell: (c) =>
      c.getValue() ? (
        <span className={s.inline} title={c.getValue() ?? undefined}>
          <span className={cells.truncate}>{c.getValue()}</span>
          {c.row.original.queue_access_type === 'restricted' ? (
            <span className={s.restricted} title="Restricted queue">
              <Icon name="shield" size={14} aria-hidden="true" />
              <VisuallyHidden>(restricted)</VisuallyHidden>
            </span>
          ) : null}
        </span>
      ) : (
        <span className={cells.muted}>—</span>
      ),
  }),
  assigneeColumn(col, 150),
  col.accessor('alert_count', {
    header: 'Alerts',
    meta: { width: 70, align: 'end' },
    cell: (c) => <span className={cells.numeric}>{c.getValue()}</span>,
  }),
  col.accessor('sar_count', {
    header: 'SARs',
    meta: { width: 64, align: 'end' },
    cell: (c) => <span className={cx(cells.numeric, c.getValue() === 0 && cells.muted)}>{c.getValue()}</span>,
  }),
  col.accessor('deadline', {
    header: 'Deadline',
    meta: { width: 136, sortKey: 'deadline' },
    cell: (c) => {
      const value = c.getValue();
      const overdue = isOverdue(value, c.row.original.status);
      return value ? (
        <time className={cx(cells.numeric, overdue && cells.overdue)} dateTime={value} title={`${longTime(value)}${overdue ? ' (overdue)' : ''}`}>
          {compactTime(value)}
        </time>
      ) : (
        <span className={cells.muted}>—</span>
      );
    },
  }),
  createdColumn(col),
  col.accessor('tags', {
    header: 'Tags',
    meta: { width: 150, grow: 1 },
    cell: (c) => {
      const tags = c.getValue();
      if (tags.length === 0) return <span className={cells.muted}>—</span>;
      return (
        <span className={s.inline} title={tags.map((t) => t.title).join(', ')}>
          <span className={s.tag}>{tags[0].title}</span>
          {tags.length > 1 ? <span className={s.more}>+{tags.length - 1}</span> : null}
        </span>
      );
    },
  }),
];

/** Columns the list offers in Choose Columns that the default layout hides. */
export const CASE_EXTRA_COLUMNS = [dispositionColumn(col)];
