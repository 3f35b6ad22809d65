import { useLocation } from 'wouter';
import { Icon } from '../../ui/icons';
import { iconButton } from '../../ui/recipes';

/**
 * The notifications slot of the top bar. Until the notifications popover is built it opens the
 * notifications screen.
 */
export function NotificationsButton() {
  const [, navigate] = useLocation();
  return (
    <button type="button" className={iconButton()} aria-label="Notifications" onClick={() => navigate('/notifications')}>
      <Icon name="bell" />
    </button>
  );
}
