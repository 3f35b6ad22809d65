/** Notifications: an agent's list of them, and marking them read. */
export { notificationsHandlers } from './notifications.js';
