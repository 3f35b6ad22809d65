import { auditLogHandlers } from './audit-log.js';
import { auditTrailHandlers } from './audit-trail.js';

/** The audit log: searching it, and the trail of one alert or case. */
export const auditHandlers = { ...auditLogHandlers, ...auditTrailHandlers };
