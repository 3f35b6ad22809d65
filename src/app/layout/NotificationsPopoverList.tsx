// The rows of the top-bar notifications popover: content and time (compact, as list rows show
// times), unread in bold with a dot. Loaded lazily by NotificationsPopover with the time formatter.
import { css, cx } from '../../../styled-system/css';
import type { Notification } from '../../api/notifications/queries';
import { compactTime, longTime } from '../../lib/time';
import { bareList } from '../../ui/recipes';

const muted = css({ color: 'muted', fontSize: 'sm' });
const list = css(bareList, { height: '340px', overflowY: 'auto' });
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

export default function NotificationsPopoverList({ notifications, onOpen }: { notifications: readonly Notification[]; onOpen: (n: Notification) => void }) {
  return (
    <ul className={list}>
      {notifications.map((n) => (
        <li key={n.id}>
          <button type="button" className={cx(item, n.status === 'unread' && unreadItem)} onClick={() => onOpen(n)}>
            <span className={cx(dot, n.status === 'unread' && dotOn)} aria-hidden="true" />
            <span className={itemText}>
              <span>{n.content}</span>
              <time className={muted} dateTime={n.created_at} title={longTime(n.created_at)}>
                {compactTime(n.created_at)}
              </time>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
