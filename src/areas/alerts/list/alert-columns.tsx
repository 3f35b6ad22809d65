// The alert list's columns (issue 7): id, title, status, rules, queue, assignee, amount with
// currency, score, created, deadline, tags. The selection checkbox is the virtual table's own.
import { createColumnHelper } from '@tanstack/react-table';
import { cx } from '../../../../styled-system/css';
import type { AlertListItem } from '../../../api/alerts/queries';
import { alertTypeLabel } from '../detail/alert-detail-format';
import { compactTime, longTime } from '../../../lib/time';
import { formatAmount, isOverdue, STATUS_LABELS } from './alert-format';
import * as s from './alert-list.styles';
import { listCells } from '../../../ui/list.recipes';
import { assigneeColumn, createdColumn, dispositionColumn, idColumn, titleColumn, ValueOr } from '../../../features/columns/work-columns';

const cells = listCells();

const col = createColumnHelper<AlertListItem>();

export function alertPath(id: number): string {
  return `/alerts/${id}`;
}

export const ALERT_COLUMNS = [
  idColumn(col),
  titleColumn(col, alertPath, 180),
  col.accessor('status', {
    header: 'Status',
    meta: { width: 104, sortKey: 'status' },
    cell: (c) => (
      <span className={s.status} data-status={c.getValue()}>
        {STATUS_LABELS[c.getValue()]}
      </span>
    ),
  }),
  col.accessor('rules', {
    header: 'Rules',
    meta: { width: 130, grow: 1 },
    cell: (c) => {
      const rules = c.getValue();
      if (rules.length === 0) return <span className={cells.muted}>—</span>;
      return (
        <span className={s.inline} title={rules.map((r) => r.title).join('\n')}>
          <span className={cells.truncate}>{rules[0].title}</span>
          {rules.length > 1 ? <span className={s.more}>+{rules.length - 1}</span> : null}
        </span>
      );
    },
  }),
  col.accessor('queue_title', {
    header: 'Queue',
    meta: { width: 116 },
    cell: (c) => <ValueOr value={c.getValue()} />,
  }),
  assigneeColumn(col, 124),
  col.accessor('amount_volume', {
    header: 'Amount',
    meta: { width: 128, align: 'end', sortKey: 'amount_volume' },
    cell: (c) => <span className={cells.numeric}>{formatAmount(c.getValue(), c.row.original.currency)}</span>,
  }),
  col.accessor('alert_score', {
    header: 'Score',
    meta: { width: 60, align: 'end', sortKey: 'alert_score' },
    cell: (c) => {
      const score = c.getValue();
      if (!score) return <span className={cells.muted}>—</span>;
      return (
        <span className={cx(cells.numeric, s.score)} data-risk={score.risk} title={`${score.risk[0].toUpperCase()}${score.risk.slice(1)} risk`}>
          {Math.round(score.score)}
        </span>
      );
    },
  }),
  createdColumn(col),
  col.accessor('deadline', {
    header: 'Deadline',
    meta: { width: 136, sortKey: 'deadline' },
    cell: (c) => {
      const value = c.getValue();
      if (!value) return <span className={cells.muted}>—</span>;
      const overdue = isOverdue(c.row.original);
      return (
        <time className={cx(cells.numeric, overdue && cells.overdue)} dateTime={value} title={overdue ? `Overdue: ${longTime(value)}` : longTime(value)}>
          {compactTime(value)}
        </time>
      );
    },
  }),
  col.accessor('tags', {
    header: 'Tags',
    meta: { width: 120, grow: 1 },
    cell: (c) => {
      const tags = c.getValue();
      if (tags.length === 0) return null;
      return (
        <span className={s.inline} title={tags.map((t) => t.title).join(', ')}>
          {tags.slice(0, 1).map((t) => (
            <span key={t.id} className={s.tag}>
              <span className={s.tagDot} style={{ background: t.color }} aria-hidden="true" />
              {t.title}
            </span>
          ))}
          {tags.length > 1 ? <span className={s.more}>+{tags.length - 1}</span> : null}
        </span>
      );
    },
  }),
];

/** Columns the list offers in Choose Columns that the default layout hides. */
export const ALERT_EXTRA_COLUMNS = [
  col.accessor('alert_type', {
    header: 'Type',
    meta: { width: 156 },
    cell: (c) => <span title={alertTypeLabel(c.getValue())}>{alertTypeLabel(c.getValue())}</span>,
  }),
  dispositionColumn(col),
];
