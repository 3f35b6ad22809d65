// The notifications screen (spec part 1, section 2 "Notifications screen").
import { useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useMarkAllNotificationsReadMutation, useMarkNotificationReadMutation } from '../../api/notifications/mutations';
import { useNotificationsQuery, type Notification } from '../../api/notifications/queries';
import { useAgent } from '../../app/auth/auth-context';
import { useRegisterCommands } from '../../app/palette';
import { useToast } from '../../app/toasts/toast-context';
import { LoadingState } from '../../ui/LoadingState';
import { button, switchInput, textLink } from '../../ui/recipes';
import { notificationTarget } from './notification-target';
import { NotificationsTable } from './NotificationsTable';
import * as s from './notifications.styles';
import { Options } from '../../ui/Options';

/** Not in the spec: page sizes offered by the table. */
const PAGE_SIZES = [10, 25, 50] as const;

/** Opening a notification: navigate to its entity and mark it read if unread. */
export function useOpenNotification() {
  const [, navigate] = useLocation();
  const toast = useToast();
  const markRead = useMarkNotificationReadMutation();
  const onError = () => toast.show({ message: 'The notification could not be marked as read. Please try again.', type: 'Error' });
  return {
    markRead: (n: Notification) => markRead.mutate(n.id, { onError }),
    markingId: markRead.isPending ? (markRead.variables ?? null) : null,
    open: (n: Notification) => {
      if (n.status === 'unread') markRead.mutate(n.id, { onError });
      navigate(notificationTarget(n));
    },
  };
}

export function NotificationsPage() {
  const agent = useAgent();
  const id = useId();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [limit, setLimit] = useState<number>(PAGE_SIZES[0]);
  const [offset, setOffset] = useState(0);
  const list = useNotificationsQuery({ limit, offset, unreadOnly });
  const markAll = useMarkAllNotificationsReadMutation();
  const toast = useToast();
  const { open, markRead, markingId } = useOpenNotification();

  // Marking read under "only unread" can empty the last page: step back to the last page that exists.
  const count = list.data?.count;
  if (count !== undefined && offset > 0 && offset >= count) setOffset(Math.max(0, Math.floor((count - 1) / limit) * limit));

  const total = list.data?.count ?? 0;
  const unread = list.data?.unread_count ?? 0;
  const markAllRead = () =>
    markAll.mutate(undefined, {
      onError: () => toast.show({ message: 'The notifications could not be marked as read. Please try again.', type: 'Error' }),
    });
  const showUnreadOnly = (only: boolean) => {
    setUnreadOnly(only);
    setOffset(0);
  };

  // This page's actions in the command palette, offered only when they would do something.
  useRegisterCommands(
    'notifications.page',
    [
      {
        id: 'notifications.unread-only',
        title: unreadOnly ? 'Show all notifications' : 'Only show unread notifications',
        group: 'Notifications',
        keywords: ['filter', 'unread'],
        run: () => showUnreadOnly(!unreadOnly),
      },
      ...(unread > 0
        ? [{ id: 'notifications.mark-all', title: 'Mark all notifications as read', group: 'Notifications', keywords: ['read', 'clear'], run: markAllRead }]
        : []),
    ],
    [unreadOnly, unread > 0],
  );
  const from = total === 0 ? 0 : offset + 1;
  const to = Math.min(offset + limit, total);

  return (
    <div className={s.page}>
      <header className={s.header}>
        <h1 className={s.title}>Notifications</h1>
        <span className={s.count} aria-live="polite">
          {list.data ? `${unread} unread` : ''}
        </span>
        <span className={s.spacer} />
        <Link href={`/agents/${agent.id}?tab=notifications`} className={textLink()}>
          Notification settings
        </Link>
      </header>
      <div className={s.toolbar}>
        <label className={s.toggle} htmlFor={`${id}-unread`}>
          <input
            id={`${id}-unread`}
            type="checkbox"
            role="switch"
            className={switchInput}
            checked={unreadOnly}
            onChange={(e) => showUnreadOnly(e.target.checked)}
          />
          Only show unread notifications
        </label>
        <span className={s.spacer} />
        <button type="button" className={button({ variant: 'secondary', size: 'sm' })} disabled={unread === 0 || markAll.isPending} onClick={markAllRead}>
          Mark all as read
        </button>
      </div>
      <div className={s.tableWrap}>
        {list.isPending ? (
          <LoadingState label="Loading notifications" />
        ) : list.isError ? (
          <div className={s.empty} role="alert">
            The notifications could not be loaded.{' '}
            <button type="button" className={textLink()} onClick={() => void list.refetch()}>
              Retry
            </button>
          </div>
        ) : list.data.notifications.length === 0 ? (
          <p className={s.empty}>{unreadOnly ? 'No unread notifications.' : 'No notifications yet.'}</p>
        ) : (
          <NotificationsTable notifications={list.data.notifications} onOpen={open} onMarkRead={markRead} markingId={markingId} />
        )}
      </div>
      <nav className={s.pager} aria-label="Notification pages">
        <label htmlFor={`${id}-size`}>Rows per page</label>
        <select
          id={`${id}-size`}
          className={s.select}
          value={limit}
          onChange={(e) => {
            setLimit(Number(e.target.value));
            setOffset(0);
          }}
        >
          <Options items={PAGE_SIZES} value={(size) => size} label={(size) => size} />
        </select>
        <span>{`${from}–${to} of ${total}`}</span>
        <button
          type="button"
          className={button({ variant: 'secondary', size: 'sm' })}
          disabled={offset === 0}
          onClick={() => setOffset(Math.max(0, offset - limit))}
        >
          Previous
        </button>
        <button
          type="button"
          className={button({ variant: 'secondary', size: 'sm' })}
          disabled={offset + limit >= total}
          onClick={() => setOffset(offset + limit)}
        >
          Next
        </button>
      </nav>
    </div>
  );
}
