import type { CurrentAgent, PermissionName } from '../../src/lib/permissions';

/** A signed-in Demo Bank analyst as GET /api/agents/me answers it, with the given permissions. */
export function makeAgent(permissions: PermissionName[], extra: Partial<CurrentAgent> = {}): CurrentAgent {
  return {
    id: 7,
    email: 'analyst@demo.test',
    full_name: 'Avery Analyst',
    picture: null,
    status: 'active',
    is_internal: false,
    is_ai_admin: false,
    org: { id: 1, display_name: 'Demo Bank', parent_id: null },
    home_org_id: 1,
    impersonation_log_id: null,
    permissions,
    feature_flags: [],
    settings: { inactivity: { enabled: false, time_seconds: 1800 }, home_route: null, data_store: 'PG' },
    connection: 'email',
    ...extra,
  };
}
