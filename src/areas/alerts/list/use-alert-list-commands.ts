// The alert list's actions in the command palette, registered while the page is open and offered
// only when they would do something.
import { offeredCommands, useRegisterCommands } from '../../../app/palette';
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

  const commands = offeredCommands(GROUP, [
    { id: 'alerts.list.mine', title: 'Show my alerts', keywords: ['assigned', 'me', 'view'], when: !mine, run: () => update({ view: 'mine', queueIds: [] }) },
    {
      id: 'alerts.list.all',
      title: 'Show all alerts',
      keywords: ['view', 'everything'],
      when: !all,
      run: () => update({ ...EMPTY_LIST_STATE, sort: state.sort, dir: state.dir }),
    },
    {
      id: 'alerts.list.unassigned',
      title: 'Show unassigned alerts',
      keywords: ['nobody', 'assignee', 'free'],
      when: !unassigned,
      run: () => update({ view: 'all', assigneeIds: [UNASSIGNED_AGENT_ID] }),
    },
    {
      id: 'alerts.list.assign-me',
      title: 'Assign selected alerts to me',
      keywords: ['take', 'claim', 'assign'],
      when: canAssignToMe,
      run: () => runBulk({ kind: 'assign', agentId: agent.id }),
    },
    { id: 'alerts.list.clear', title: 'Clear alert filters', keywords: ['reset', 'filters'], when: filtered, run: clearFilters },
  ]);

  useRegisterCommands('alerts.list', commands, [mine, all, unassigned, canAssignToMe, filtered]);
}
