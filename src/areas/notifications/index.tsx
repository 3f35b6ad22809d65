import { NotificationsPage } from './NotificationsPage';

/** The notifications area: one screen, /notifications. */
export default function NotificationsArea() {
  return <NotificationsPage />;
}
