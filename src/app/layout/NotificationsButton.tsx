import { NotificationsPopover } from './NotificationsPopover';

/** The notifications slot of the top bar: the bell with its unread badge and popover. */
export function NotificationsButton() {
  return <NotificationsPopover />;
}
