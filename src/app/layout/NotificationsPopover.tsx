// The top-bar notifications popover (spec part 1, sections 2 and 9: 6 fetched, 450 px wide, list
// 340 px high). The same query feeds the unread badge on the bell.
import { Popover } from '@ark-ui/react/popover';
import { Portal } from '@ark-ui/react/portal';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { css, cx } from '../../../styled-system/css';
import { useMarkNotificationReadMutation } from '../../api/notifications/mutations';
import { useNotificationsQuery, type Notification } from '../../api/notifications/queries';
import { formatNotificationTime, NOTIFICATIONS_PATH, notificationTarget } from '../../areas/notifications/notification-target';
import { Icon } from '../../ui/icons';
import { floating, iconButton, textLink } from '../../ui/recipes';

/** Section 9. */
export const POPOVER_FETCH = 6;

const content = css({ width: '450px', maxWidth: 'calc(100vw - 1rem)', display: 'flex', flexDirection: 'column' });
const head = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  px: '4',
  py: '3',
  borderBottomWidth: '1px',
  borderBottomStyle: 'solid',
  borderBottomColor: 'line',
});
const heading = css({ fontWeight: 'semibold', fontSize: 'md' });
const muted = css({ color: 'muted', fontSize: 'sm' });
const list = css({ height: '340px', overflowY: 'auto', listStyle: 'none', m: '0', p: '0' });
const item = css({
  width: '100%',
  display: 'flex',
  gap: '3',
  alignItems: 'flex-start',
  textAlign: 'left',
  px: '4',
  py: '3',
  bg: 'transparent',
  border: 'none',
  borderBottomWidth: '1px',
  borderBottomStyle: 'solid',
  borderBottomColor: 'line',
  cursor: 'pointer',
  color: 'ink',
  fontSize: 'sm',
  _hover: { bg: 'gray.50' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '-2px' },
});
const unreadItem = css({ fontWeight: 'semibold' });
const dot = css({ flexShrink: 0, mt: '1.5', width: '2', height: '2', borderRadius: 'full' });
const dotOn = css({ bg: 'brand' });
const itemText = css({ display: 'flex', flexDirection: 'column', gap: '1' });
const foot = css({ px: '4', py: '3', textAlign: 'center', fontSize: 'sm' });
const empty = css({ p: '6', textAlign: 'center', color: 'muted', fontSize: 'sm' });
const countBadge = css({
  position: 'absolute',
  top: '0.5',
  right: '0.5',
  minWidth: '18px',
  height: '18px',
  px: '1',
  borderRadius: 'full',
  bg: 'danger',
  color: 'white',
  fontSize: '10px',
  fontWeight: 'bold',
  lineHeight: '1',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
});

export function NotificationsPopover() {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const query = useNotificationsQuery({ limit: POPOVER_FETCH, offset: 0, unreadOnly: false });
  const markRead = useMarkNotificationReadMutation();
  const unread = query.data?.unread_count ?? 0;

  const openItem = (n: Notification) => {
    if (n.status === 'unread') markRead.mutate(n.id);
    setOpen(false);
    navigate(notificationTarget(n));
  };

  return (
    <Popover.Root open={open} onOpenChange={(d) => setOpen(d.open)} positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit>
      <Popover.Trigger className={iconButton()} aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}>
        <Icon name="bell" />
        {unread > 0 ? (
          <span className={countBadge} aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content className={cx(floating(), content)} aria-label="Notifications">
            <div className={head}>
              <Popover.Title className={heading}>Notifications</Popover.Title>
              <span className={muted}>{`${unread} unread`}</span>
            </div>
            {query.isPending ? (
              <p className={empty}>Loading notifications…</p>
            ) : query.isError ? (
              <p className={empty}>The notifications could not be loaded.</p>
            ) : query.data.notifications.length === 0 ? (
              <p className={empty}>No notifications yet.</p>
            ) : (
              <ul className={list}>
                {query.data.notifications.map((n) => (
                  <li key={n.id}>
                    <button type="button" className={cx(item, n.status === 'unread' && unreadItem)} onClick={() => openItem(n)}>
                      <span className={cx(dot, n.status === 'unread' && dotOn)} aria-hidden="true" />
                      <span className={itemText}>
                        <span>{n.content}</span>
                        <time className={muted} dateTime={n.created_at}>
                          {formatNotificationTime(n.created_at)}
                        </time>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <div className={foot}>
              <Link href={NOTIFICATIONS_PATH} className={textLink()} onClick={() => setOpen(false)}>
                See all notifications
              </Link>
            </div>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
