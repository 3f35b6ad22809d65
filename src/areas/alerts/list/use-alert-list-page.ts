// Everything the alert list page reads and does (STYLE.md: the page renders, this hook gathers):
// URL state, the paged rows, the filter choices, selection and the bulk actions.
import { useCallback, useMemo, useState } from 'react';
import { useAddressState } from '../../../ui/use-address-state';
import { useAgent } from '../../../app/auth/auth-context';
import { useToast } from '../../../app/toasts/toast-context';
import { hasPermission } from '../../../lib/permissions';
import { usePagedRows } from '../../../ui/VirtualTable.paging';
import { useAssignmentMutation, type AssignmentChange } from '../../../api/work/mutations';
import { ALERT_PAGE_SIZE, alertPageQueryOptions, type AlertListItem, type AlertListPage } from '../../../api/alerts/queries';
import { clearFilters, hasFilters, nextSort, parseListState, serializeListState, toListRequest, type AlertListState } from './alert-list-url';
import { useAlertListOptions } from './use-alert-list-options';
import { useQueueViewDefault } from './use-queue-view-default';
import { agentTimeZone } from '../../../lib/time';

/** Spec part 2, section 8: the texts of the two bulk actions, verbatim. */
const ALERT_ACTION_TEXTS = {
  assign: { success: 'Successfully reassigned alert.', failure: 'Failed to reassign alert. Please try again.' },
  queue: { success: 'Successfully changed alert queue.', failure: 'Failed to change alert queue. Please try again.' },
} as const;

/** Alerts in these statuses keep their assignee and queue (the server refuses with 409). */
const LOCKED: ReadonlySet<AlertListItem['status']> = new Set(['CLOSED', 'IN_REVIEW', 'RULE_VALIDATION']);

export function canReassign(alert: Pick<AlertListItem, 'status'>): boolean {
  return !LOCKED.has(alert.status);
}

function useListUrl() {
  const [state, setState] = useAddressState(parseListState, serializeListState);
  const update = useCallback((patch: Partial<AlertListState>, options?: { replace?: boolean }) => setState({ ...state, ...patch }, options), [setState, state]);
  return { state, setState, update };
}

function useSelection(resetKey: string) {
  // Selection belongs to one filter set: changing the view or a filter clears it, so a bulk action
  // never reaches alerts the list no longer shows.
  const [held, setHeld] = useState<{ key: string; rows: Map<number, AlertListItem> }>({ key: resetKey, rows: new Map() });
  const rows = held.key === resetKey ? held.rows : new Map<number, AlertListItem>();
  const change = (fn: (m: Map<number, AlertListItem>) => void) =>
    setHeld((cur) => {
      const next = new Map(cur.key === resetKey ? cur.rows : []);
      fn(next);
      return { key: resetKey, rows: next };
    });
  return {
    rows,
    isSelected: (a: AlertListItem) => rows.has(a.id),
    toggle: (a: AlertListItem) => change((m) => (m.has(a.id) ? m.delete(a.id) : m.set(a.id, a))),
    setAll: (list: AlertListItem[], on: boolean) => change((m) => list.forEach((a) => (on ? m.set(a.id, a) : m.delete(a.id)))),
    clear: () => change((m) => m.clear()),
  };
}

export function useAlertListPage() {
  const agent = useAgent();
  const toast = useToast();
  const { state, setState, update } = useListUrl();
  const options = useAlertListOptions(agent);
  const timeZone = useMemo(() => agentTimeZone(), []);
  const request = useMemo(() => toListRequest(state, agent.id, timeZone), [state, agent.id, timeZone]);
  const resetKey = JSON.stringify(request);
  // "By queue" without a queue waits for the first workable queue rather than listing everything.
  const waitingForQueue = state.view === 'queue' && state.queueIds.length === 0;
  useQueueViewDefault(state, options, update);

  const rows = usePagedRows<AlertListItem, AlertListPage>({
    resetKey,
    pageSize: ALERT_PAGE_SIZE,
    enabled: !waitingForQueue,
    pageQuery: (page) => alertPageQueryOptions(request, page),
    select: (data) => ({ count: data.count, rows: data.alerts }),
  });

  const selection = useSelection(resetKey);
  const selected = [...selection.rows.values()];
  const eligible = selected.filter(canReassign);
  const mutation = useAssignmentMutation('ALERT');
  const canEdit = hasPermission(agent, 'edit_alerts');
  const canCreateCase = hasPermission(agent, 'create_cases');

  const runBulk = (change: AssignmentChange) => {
    const ids = eligible.map((a) => a.id);
    if (ids.length === 0 || mutation.isPending) return;
    const texts = ALERT_ACTION_TEXTS[change.kind];
    mutation.mutate(
      { ids, change },
      {
        onSuccess: () => {
          toast.show({ message: texts.success, type: 'Success' });
          selection.clear();
        },
        onError: () => toast.show({ message: texts.failure, type: 'Error' }),
      },
    );
  };

  return {
    agent,
    state,
    update,
    options,
    rows,
    /** the list's request now: what "Export" exports */
    request,
    filtered: hasFilters(state),
    clearFilters: () => setState(clearFilters(state)),
    sortBy: (column: string) => update(nextSort(state, column as AlertListState['sort'])),
    selection,
    selected,
    eligible,
    canEdit,
    canCreateCase,
    runBulk,
    bulkPending: mutation.isPending,
  };
}

export type AlertListPageModel = ReturnType<typeof useAlertListPage>;
