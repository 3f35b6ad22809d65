// The data explorer's actions in the command palette, registered while the page is open and
// offered only when they would do something.
import { useLocation } from 'wouter';
import { useRegisterCommands, type PaletteCommand } from '../../../app/palette';
import type { DataExplorerPageModel } from './use-data-explorer-page';

const GROUP = 'Data explorer';
export const UPLOAD_FILES_PATH = '/data-explorer/upload-files';

export function useDataExplorerCommands(model: DataExplorerPageModel) {
  const [, navigate] = useLocation();
  const { state, setTab, filtered, clearFilters, flipOrder, canUpload, canReadEvents } = model;
  const onTransactions = state.tab === 'transactions';
  const hiding = state.hidePlaceholder && state.hideSpooled;

  const commands: PaletteCommand[] = [];
  if (canReadEvents) {
    if (!onTransactions)
      commands.push({
        id: 'dataExplorer.transactions',
        title: 'Show transactions',
        group: GROUP,
        keywords: ['events', 'payments', 'tab'],
        run: () => setTab('transactions'),
      });
    if (onTransactions)
      commands.push({
        id: 'dataExplorer.actionEvents',
        title: 'Show action events',
        group: GROUP,
        keywords: ['logins', 'activity', 'tab'],
        run: () => setTab('action-events'),
      });
    commands.push({
      id: 'dataExplorer.order',
      title: state.dir === 'asc' ? 'Show newest events first' : 'Show oldest events first',
      group: GROUP,
      keywords: ['sort', 'event time', 'order'],
      run: flipOrder,
    });
    if (onTransactions && !hiding)
      commands.push({
        id: 'dataExplorer.hidePending',
        title: 'Hide placeholder and spooled transactions',
        group: GROUP,
        keywords: ['placeholder', 'spooled', 'filter'],
        run: () => model.update({ hidePlaceholder: true, hideSpooled: true }),
      });
    if (filtered)
      commands.push({ id: 'dataExplorer.clear', title: 'Clear data explorer filters', group: GROUP, keywords: ['reset', 'filters'], run: clearFilters });
  }
  if (canUpload)
    commands.push({
      id: 'dataExplorer.upload',
      title: 'Upload files',
      group: GROUP,
      keywords: ['flat file', 'import', 'data'],
      run: () => navigate(UPLOAD_FILES_PATH),
    });

  useRegisterCommands('dataExplorer.list', commands, [onTransactions, state.dir, hiding, filtered, canUpload, canReadEvents]);
}
