import { assignmentHandlers } from './assignment.js';
import { createAlertHandlers } from './create.js';
import { deadlineHandlers } from './deadline.js';
import { alertDetailHandlers } from './detail.js';
import { linkedObjectHandlers } from './linked-objects.js';
import { alertListHandlers } from './list.js';
import { alertPdfHandlers } from './pdf.js';
import { alertStatusHandlers } from './status.js';

/**
 * Alerts: the list, an alert and its rule hits, the data objects it flags (and the alerts that flag
 * an entity or instrument), the work on alerts and cases alike (assignment, status, deadlines), the
 * PDF, and alerts created by hand.
 */
export const alertsHandlers = {
  ...alertListHandlers,
  ...alertDetailHandlers,
  ...linkedObjectHandlers,
  ...assignmentHandlers,
  ...alertStatusHandlers,
  ...deadlineHandlers,
  ...alertPdfHandlers,
  ...createAlertHandlers,
};

export { alertSummary, deadlineConfig, disposition } from './alerts.mappers.js';
export type { AlertSummaryJson } from './alerts.mappers.js';
export { changeStatus } from './status.js';
export { alertSummariesJson } from './load.js';
export { listAlerts } from './list.queries.js';
export { objectsOfAlertsPage, requireVisibleAlerts } from './linked-objects.queries.js';
