// The alert list's actions in the command palette, registered while the page is open and offered
// only when they would do something.
import { useRegisterCommands, type PaletteCommand } from '../../../app/palette';
import { UNASSIGNED_AGENT_ID } from '../../../api/agents/queries';
import { EMPTY_LIST_STATE } from './alert-list-url';
import type { AlertListPageModel } from './use-alert-list-page';

const GROUP = 'Alerts';

export function useAlertListCommands(model: AlertListPageModel) {
  const { state, update, filtered, clearFilters, agent, eligible, canEdit, runBulk } = model;
  const mine = state.view === 'mine';
  const all = state.view === 'all' && !model.filtered;
  const unassigned = state.view === 'all' && state.assigneeIds.length === 1 && state.assigneeIds[0] === UNASSIGNED_AGENT_ID;
  const canAssignToMe = canEdit && eligible.length > 0;

  const commands: PaletteCommand[] = [];
  if (!mine)
    commands.push({
      id: 'alerts.list.mine',
      title: 'Show my alerts',
      group: GROUP,
      keywords: ['assigned', 'me', 'view'],
      run: () => update({ view: 'mine', queueIds: [] }),
    });
  if (!all)
    commands.push({
      id: 'alerts.list.all',
      title: 'Show all alerts',
      group: GROUP,
      keywords: ['view', 'everything'],
      run: () => update({ ...EMPTY_LIST_STATE, sort: state.sort, dir: state.dir }),
    });
  if (!unassigned)
    commands.push({
      id: 'alerts.list.unassigned',
      title: 'Show unassigned alerts',
      group: GROUP,
      keywords: ['nobody', 'assignee', 'free'],
      run: () => update({ view: 'all', assigneeIds: [UNASSIGNED_AGENT_ID] }),
    });
  if (canAssignToMe)
    commands.push({
      id: 'alerts.list.assign-me',
      title: 'Assign selected alerts to me',
      group: GROUP,
      keywords: ['take', 'claim', 'assign'],
      run: () => runBulk({ kind: 'assign', agentId: agent.id }),
    });
  if (filtered) commands.push({ id: 'alerts.list.clear', title: 'Clear alert filters', group: GROUP, keywords: ['reset', 'filters'], run: clearFilters });

  useRegisterCommands('alerts.list', commands, [mine, all, unassigned, canAssignToMe, filtered]);
}
