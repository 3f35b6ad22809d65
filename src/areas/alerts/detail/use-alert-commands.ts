// The alert page's commands in the palette, offered only when they would work: "Assign to me",
// "Unassign", "Edit deadline", "Close alert", "Add comment", "Open alert PDF".
import { useLocation } from 'wouter';
import { useAgent } from '../../../app/auth/auth-context';
import { useRegisterCommands, type PaletteCommand } from '../../../app/palette';
import { UNASSIGNED_AGENT_ID } from '../../../api/agents/queries';
import { hasPermission } from '../../../lib/permissions';
import { canChangeAssignment, canComment, canEditDeadline, statusActions } from '../../../lib/work-rules';
import { useAssign } from '../../../features/work';
import type { Alert } from '../../../api/alerts/queries';

const GROUP = 'This alert';

export interface AlertCommandHandlers {
  editDeadline: () => void;
  close: () => void;
  comment: () => void;
}

/** Which commands apply to this alert for this agent (pure, for tests). */
export function alertCommandIds(agent: Parameters<typeof hasPermission>[0], alert: Pick<Alert, 'status' | 'assigned_to_id'>, agentId: number): string[] {
  const ids: string[] = [];
  const assignable = canChangeAssignment(agent, 'ALERT', alert.status);
  if (assignable && alert.assigned_to_id !== agentId) ids.push('alert.assign-to-me');
  if (assignable && alert.assigned_to_id !== null) ids.push('alert.unassign');
  if (canEditDeadline(agent, alert.status)) ids.push('alert.edit-deadline');
  if (statusActions(agent, 'ALERT', alert.status).close) ids.push('alert.close');
  if (canComment(agent, 'ALERT')) ids.push('alert.comment');
  ids.push('alert.pdf');
  return ids;
}

export function useAlertCommands(alert: Alert | undefined, handlers: AlertCommandHandlers) {
  const agent = useAgent();
  const [, navigate] = useLocation();
  const { assign } = useAssign({ type: 'ALERT', id: alert?.id ?? 0 });
  const ids = alert ? alertCommandIds(agent, alert, agent.id) : [];
  const all: Record<string, PaletteCommand> = {
    'alert.assign-to-me': { id: 'alert.assign-to-me', title: 'Assign to me', group: GROUP, keywords: ['take', 'assign', 'mine'], run: () => assign(agent.id) },
    'alert.unassign': { id: 'alert.unassign', title: 'Unassign', group: GROUP, keywords: ['assignee', 'release'], run: () => assign(UNASSIGNED_AGENT_ID) },
    'alert.edit-deadline': { id: 'alert.edit-deadline', title: 'Edit deadline', group: GROUP, keywords: ['extend', 'due'], run: handlers.editDeadline },
    'alert.close': { id: 'alert.close', title: 'Close alert', group: GROUP, keywords: ['disposition', 'resolve'], run: handlers.close },
    'alert.comment': { id: 'alert.comment', title: 'Add comment', group: GROUP, keywords: ['note', 'mention'], run: handlers.comment },
    'alert.pdf': {
      id: 'alert.pdf',
      title: 'Open alert PDF',
      group: GROUP,
      keywords: ['download', 'print', 'export'],
      run: () => alert && navigate(`/alerts/${alert.id}/pdf`),
    },
  };
  useRegisterCommands(
    'alerts.detail',
    ids.map((id) => all[id]),
    [ids.join(','), alert?.id],
  );
}
