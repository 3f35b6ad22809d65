import type { MouseEvent } from 'react';
import { cx } from '../../../styled-system/css';
import type { Notification } from '../../api/notifications/queries';
import { button } from '../../ui/recipes';
import { VisuallyHidden } from '../../ui/VisuallyHidden';
import { compactTime, longTime } from '../../lib/time';
import * as s from './notifications.styles';
import { RowTable } from '../../ui/RowTable';

interface Props {
  notifications: Notification[];
  /** Row (or title) click: navigate to the entity and mark read if unread. */
  onOpen: (notification: Notification) => void;
  onMarkRead: (notification: Notification) => void;
  /** The id being marked read, so its button shows busy. */
  markingId?: number | null;
}

/** Columns: viewed dot, Title, Time, Mark as read (section 2). */
export function NotificationsTable({ notifications, onOpen, onMarkRead, markingId = null }: Props) {
  return (
    <RowTable pageKeys className={s.table}>
      <thead>
        <tr>
          <th className={cx(s.th, s.dotCell)} scope="col">
            <VisuallyHidden>Viewed</VisuallyHidden>
          </th>
          <th className={s.th} scope="col">
            Title
          </th>
          <th className={s.th} scope="col">
            Time
          </th>
          <th className={cx(s.th, s.actionCell)} scope="col">
            Mark as read
          </th>
        </tr>
      </thead>
      <tbody>
        {notifications.map((n) => {
          const unread = n.status === 'unread';
          const stop = (e: MouseEvent) => e.stopPropagation();
          return (
            <tr key={n.id} className={cx(s.row, unread && s.unreadRow)} onClick={() => onOpen(n)} data-status={n.status}>
              <td className={cx(s.td, s.dotCell)}>
                {unread ? <span className={s.dot} aria-hidden="true" /> : null}
                <VisuallyHidden>{unread ? 'Unread' : 'Read'}</VisuallyHidden>
              </td>
              <td className={s.td}>
                {/* The keyboard way to open a row: the whole row is the mouse target. */}
                <button
                  type="button"
                  className={s.titleButton}
                  data-row-open=""
                  onClick={(e) => {
                    stop(e);
                    onOpen(n);
                  }}
                >
                  {n.content}
                </button>
              </td>
              <td className={cx(s.td, s.timeCell)}>
                <time dateTime={n.created_at} title={longTime(n.created_at)}>
                  {compactTime(n.created_at)}
                </time>
              </td>
              <td className={cx(s.td, s.actionCell)} onClick={stop}>
                <button
                  type="button"
                  className={button({ variant: 'secondary', size: 'sm' })}
                  disabled={!unread || markingId === n.id}
                  aria-label={`Mark as read: ${n.content}`}
                  onClick={() => onMarkRead(n)}
                >
                  {unread ? 'Mark as read' : 'Read'}
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </RowTable>
  );
}
