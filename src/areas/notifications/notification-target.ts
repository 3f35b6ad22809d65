// Where clicking a notification goes (spec part 1, section 2 "Notifications screen").
import type { Notification } from '../../api/notifications/queries';

export const NOTIFICATIONS_PATH = '/notifications';

/**
 * The route for a notification's entity. FFIP_NOTIFICATION has no destination in the spec and no
 * screen here, so it stays on the notifications list (the row is still marked read). An entity type
 * that needs an id but has none also falls back to the list.
 */
export function notificationTarget({ entity_type: type, entity_id: id }: Pick<Notification, 'entity_type' | 'entity_id'>): string {
  switch (type) {
    case 'ALERT':
      return id === null ? '/alerts' : `/alerts/${id}`;
    case 'FILE_EXPORT':
      return '/reporting/file-exports';
    case 'FFIP_NOTIFICATION':
      return NOTIFICATIONS_PATH;
  }
  if (id === null) return NOTIFICATIONS_PATH;
  switch (type) {
    case 'PROFILE':
      return `/agents/${id}`;
    case 'CASE':
      return `/cases/${id}`;
    case 'ALERT_QUEUE':
      return `/queues?queue=${id}`;
    case 'RULE':
      return `/rules/${id}`;
    case 'SAR':
      return `/filings/sar/${id}`;
    case 'FINTRAC_REPORT':
      return `/filings/fintrac/${id}`;
    // Mentions in comments on an entity or an instrument open its page (by internal id).
    case 'ENTITY':
      return `/entities/${id}`;
    case 'INSTRUMENT':
      return `/instruments/${id}`;
  }
  return NOTIFICATIONS_PATH;
}
