// The top-bar notifications popover (spec part 1, sections 2 and 9: 6 fetched, 450 px wide, list
// 340 px high). The same query feeds the unread badge on the bell.
import { Popover } from '@ark-ui/react/popover';
import { Portal } from '@ark-ui/react/portal';
import { Suspense, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { css, cx } from '../../../styled-system/css';
import { useMarkNotificationReadMutation } from '../../api/notifications/mutations';
import { useNotificationsQuery, type Notification } from '../../api/notifications/queries';
import { NOTIFICATIONS_PATH, notificationTarget } from '../../areas/notifications/notification-target';
import { lazyWithReload } from '../errors/lazy-with-reload';
import { Icon } from '../../ui/icons';
import { floating, iconButton, textLink } from '../../ui/recipes';

/** Section 9. */
export const POPOVER_FETCH = 6;

// The list shows times with the console's time formatter (src/lib/time.ts) and the Temporal
// functions under it, which the signed-in shell would otherwise carry for every area: it is loaded
// when the bell is first pointed at, focused or opened (the list pages already share it).
const NotificationsPopoverList = lazyWithReload(() => import('./NotificationsPopoverList'));

const content = css({ width: '450px', maxWidth: 'calc(100vw - 1rem)', display: 'flex', flexDirection: 'column' });
const head = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  px: '4',
  py: '3',
  layerStyle: 'ruleBelow',
});
const heading = css({ fontWeight: 'semibold', fontSize: 'md' });
const muted = css({ color: 'muted', fontSize: 'sm' });
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
      <Popover.Trigger
        className={iconButton()}
        onPointerEnter={() => void NotificationsPopoverList.preload()}
        onFocus={() => void NotificationsPopoverList.preload()}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
      >
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
              <Suspense fallback={<p className={empty}>Loading notifications…</p>}>
                <NotificationsPopoverList notifications={query.data.notifications} onOpen={openItem} />
              </Suspense>
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
