import type { Guard } from '../../lib/permissions';

/** The audit log's route guard, as its call needs on the server (GET /api/audit-log/entries). */
export const AUDIT_LOG_GUARD: Guard = { allOf: ['read_agents', 'read_permissions'] };
