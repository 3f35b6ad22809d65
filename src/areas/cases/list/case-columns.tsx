// The case list's columns: id, title, status, queue, assignee, alerts, SARs, deadline, created, tags.
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'wouter';
import { cx } from '../../../../styled-system/css';
import { Icon } from '../../../ui/icons';
import { VisuallyHidden } from '../../../ui/VisuallyHidden';
import { StatusBadge } from '../../../features/work/StatusBadge';
import type { CaseListItem } from '../../../api/cases/queries';
import { dispositionLabel } from '../../../lib/work-rules';
import { compactTime, longTime } from '../../../lib/time';
import { isOverdue } from '../case-format';
import * as s from './case-columns.styles';

const col = createColumnHelper<CaseListItem>();

export function casePath(id: number): string {
  return `/cases/${id}`;
}

export const CASE_COLUMNS = [
  col.accessor('id', {
    header: 'ID',
    meta: { width: 72, align: 'end', sortKey: 'id' },
    cell: (c) => <span className={s.numeric}>{c.getValue()}</span>,
  }),
  col.accessor('title', {
    header: 'Title',
    meta: { width: 240, grow: 3, sortKey: 'title' },
    // A real link for middle-click and "open in new tab"; the row is the keyboard's one tab stop.
    cell: (c) => (
      <Link href={casePath(c.row.original.id)} tabIndex={-1} className={s.titleLink} title={c.getValue()}>
        {c.getValue()}
      </Link>
    ),
  }),
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
          <span className={s.truncate}>{c.getValue()}</span>
          {c.row.original.queue_access_type === 'restricted' ? (
            <span className={s.restricted} title="Restricted queue">
              <Icon name="shield" size={14} aria-hidden="true" />
              <VisuallyHidden>(restricted)</VisuallyHidden>
            </span>
          ) : null}
        </span>
      ) : (
        <span className={s.muted}>—</span>
      ),
  }),
  col.accessor('assigned_to_name', {
    header: 'Assignee',
    meta: { width: 150 },
    cell: (c) => (c.getValue() ? <span title={c.getValue() ?? undefined}>{c.getValue()}</span> : <span className={s.muted}>Unassigned</span>),
  }),
  col.accessor('alert_count', {
    header: 'Alerts',
    meta: { width: 70, align: 'end' },
    cell: (c) => <span className={s.numeric}>{c.getValue()}</span>,
  }),
  col.accessor('sar_count', {
    header: 'SARs',
    meta: { width: 64, align: 'end' },
    cell: (c) => <span className={cx(s.numeric, c.getValue() === 0 && s.muted)}>{c.getValue()}</span>,
  }),
  col.accessor('deadline', {
    header: 'Deadline',
    meta: { width: 136, sortKey: 'deadline' },
    cell: (c) => {
      const value = c.getValue();
      const overdue = isOverdue(value, c.row.original.status);
      return value ? (
        <time className={cx(s.numeric, overdue && s.overdue)} dateTime={value} title={`${longTime(value)}${overdue ? ' (overdue)' : ''}`}>
          {compactTime(value)}
        </time>
      ) : (
        <span className={s.muted}>—</span>
      );
    },
  }),
  col.accessor('created_at', {
    header: 'Created',
    meta: { width: 136, sortKey: 'created_at' },
    cell: (c) => (
      <time className={s.numeric} dateTime={c.getValue()} title={longTime(c.getValue())}>
        {compactTime(c.getValue())}
      </time>
    ),
  }),
  col.accessor('tags', {
    header: 'Tags',
    meta: { width: 150, grow: 1 },
    cell: (c) => {
      const tags = c.getValue();
      if (tags.length === 0) return <span className={s.muted}>—</span>;
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
export const CASE_EXTRA_COLUMNS = [
  col.accessor('disposition', {
    header: 'Disposition',
    meta: { width: 128 },
    cell: (c) => {
      const value = c.getValue();
      return value ? <span>{dispositionLabel(value)}</span> : <span className={s.muted}>—</span>;
    },
  }),
];
