// The data explorer's actions in the command palette, registered while the page is open and
// offered only when they would do something.
import { useLocation } from 'wouter';
import { offeredCommands, useRegisterCommands } from '../../../app/palette';
import type { DataExplorerPageModel } from './use-data-explorer-page';

const GROUP = 'Data explorer';
export const UPLOAD_FILES_PATH = '/data-explorer/upload-files';

export function useDataExplorerCommands(model: DataExplorerPageModel) {
  const [, navigate] = useLocation();
  const { state, setTab, filtered, clearFilters, flipOrder, canUpload, canReadEvents } = model;
  const onTransactions = state.tab === 'transactions';
  const hiding = state.hidePlaceholder && state.hideSpooled;

  const commands = offeredCommands(GROUP, [
    {
      id: 'dataExplorer.transactions',
      title: 'Show transactions',
      keywords: ['events', 'payments', 'tab'],
      when: canReadEvents && !onTransactions,
      run: () => setTab('transactions'),
    },
    {
      id: 'dataExplorer.actionEvents',
      title: 'Show action events',
      keywords: ['logins', 'activity', 'tab'],
      when: canReadEvents && onTransactions,
      run: () => setTab('action-events'),
    },
    {
      id: 'dataExplorer.order',
      title: state.dir === 'asc' ? 'Show newest events first' : 'Show oldest events first',
      keywords: ['sort', 'event time', 'order'],
      when: canReadEvents,
      run: flipOrder,
    },
    {
      id: 'dataExplorer.hidePending',
      title: 'Hide placeholder and spooled transactions',
      keywords: ['placeholder', 'spooled', 'filter'],
      when: canReadEvents && onTransactions && !hiding,
      run: () => model.update({ hidePlaceholder: true, hideSpooled: true }),
    },
    { id: 'dataExplorer.clear', title: 'Clear data explorer filters', keywords: ['reset', 'filters'], when: canReadEvents && filtered, run: clearFilters },
    { id: 'dataExplorer.upload', title: 'Upload files', keywords: ['flat file', 'import', 'data'], when: canUpload, run: () => navigate(UPLOAD_FILES_PATH) },
  ]);

  useRegisterCommands('dataExplorer.list', commands, [onTransactions, state.dir, hiding, filtered, canUpload, canReadEvents]);
}
