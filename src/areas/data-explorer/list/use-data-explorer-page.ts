// Everything the data explorer page reads and does (STYLE.md: the page renders, this hook gathers):
// the tab and filters from the URL, the paged rows of the active list, and the filter choices.
import { useCallback, useMemo } from 'react';
import { useAddressState } from '../../../ui/use-address-state';
import { useAgent } from '../../../app/auth/auth-context';
import { usePanel } from '../../../app/panels/panel-context';
import { useTagsQuery } from '../../../api/tags/queries';
import { hasPermission } from '../../../lib/permissions';
import { usePagedRows } from '../../../ui/VirtualTable.paging';
import { actionEventPageQuery, type ActionEventListItem, type ActionEventPage } from '../../../api/action-events/queries';
import { EVENT_PAGE_SIZE } from '../../../api/reads';
import { transactionPageQuery, type TransactionEvent, type TransactionPage } from '../../../api/transactions/queries';
import {
  clearFilters,
  hasFilters,
  parseExplorerState,
  serializeExplorerState,
  switchTab,
  toActionEventRequest,
  toTransactionRequest,
  type ExplorerState,
  type ExplorerTab,
} from './explorer-url';
import { agentTimeZone } from '../../../lib/time';

export type UpdateExplorer = (patch: Partial<ExplorerState>, options?: { replace?: boolean }) => void;

// Every change is its own history entry, so Back steps through them.
function useExplorerUrl() {
  const [state, setState] = useAddressState(parseExplorerState, serializeExplorerState);
  const update = useCallback<UpdateExplorer>((patch, options) => setState({ ...state, ...patch }, options), [setState, state]);
  return { state, setState, update };
}

export function useDataExplorerPage() {
  const agent = useAgent();
  const panel = usePanel();
  const { state, setState, update } = useExplorerUrl();
  const timeZone = useMemo(() => agentTimeZone(), []);
  const canReadEvents = hasPermission(agent, 'read_events');
  const canSearchEntities = hasPermission(agent, 'read_entities');
  const canUpload = hasPermission(agent, 'read_datafile_uploads');
  const isTransactions = state.tab === 'transactions';

  const txnRequest = useMemo(() => toTransactionRequest(state, timeZone), [state, timeZone]);
  const aeRequest = useMemo(() => toActionEventRequest(state, timeZone), [state, timeZone]);

  const transactions = usePagedRows<TransactionEvent, TransactionPage>({
    resetKey: `txn:${JSON.stringify(txnRequest)}`,
    pageSize: EVENT_PAGE_SIZE,
    enabled: canReadEvents && isTransactions,
    pageQuery: (page) => transactionPageQuery(txnRequest, page),
    select: (data) => ({ count: data.count, rows: data.txn_events }),
  });
  const actionEvents = usePagedRows<ActionEventListItem, ActionEventPage>({
    resetKey: `ae:${JSON.stringify(aeRequest)}`,
    pageSize: EVENT_PAGE_SIZE,
    enabled: canReadEvents && !isTransactions,
    pageQuery: (page) => actionEventPageQuery(aeRequest, page),
    select: (data) => ({ count: data.count, rows: data.action_events }),
  });

  const tags = useTagsQuery({ enabled: canReadEvents });
  const tagOptions = useMemo(() => (tags.data ?? []).map((t) => ({ value: t.id, label: t.title })), [tags.data]);

  return {
    state,
    update,
    timeZone,
    canReadEvents,
    canSearchEntities,
    canUpload,
    transactions,
    /** the transaction list's request now: what "Export" exports */
    txnRequest,
    actionEvents,
    /** the action event list's request now: what "Export" exports on that tab */
    aeRequest,
    count: isTransactions ? transactions.count : actionEvents.count,
    tagOptions,
    filtered: hasFilters(state),
    clearFilters: () => setState(clearFilters(state)),
    setTab: (tab: ExplorerTab) => {
      if (tab !== state.tab) setState(switchTab(state, tab));
    },
    flipOrder: () => update({ dir: state.dir === 'asc' ? 'desc' : 'asc' }),
    openTransaction: (t: TransactionEvent) => panel.open('transaction', t.id),
    openActionEvent: (e: ActionEventListItem) => panel.open('action-event', e.id),
  };
}

export type DataExplorerPageModel = ReturnType<typeof useDataExplorerPage>;
