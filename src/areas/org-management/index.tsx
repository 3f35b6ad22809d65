import type { AreaProps } from '../../app/routes.types';
import { AuditLogPage } from './audit/AuditLogPage';
import { OrgSettingsPage } from './OrgSettingsPage';

/** Organisation-wide screens: org management (settings) and the audit log. */
export default function Area({ routeId }: AreaProps) {
  return routeId === 'orgManagement.auditLog' ? <AuditLogPage /> : <OrgSettingsPage />;
}
