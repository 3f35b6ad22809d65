// The alert list at /alerts (issue 7, acceptance 1): views, server-side filters and sorting in the
// URL, a virtual list of 100-row pages, keyboard movement, bulk assignment and queue changes.
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ChooseColumnsButton, columnKey, useColumnLayout } from '../../../features/columns';
import { ExportListButton } from '../../../features/exports/ExportListButton';
import { ListEmpty, ListError, ListFrame, ListPage } from '../../../ui/ListPage';
import { VirtualTable } from '../../../ui/VirtualTable';
import { CreateCaseDialog } from '../../../features/work/CreateCaseDialog';
import { ALERT_COLUMNS, ALERT_EXTRA_COLUMNS, alertPath } from './alert-columns';
import { alertExportRequest } from './alert-export';
import { AlertBulkBar } from './AlertBulkBar';
import { AlertFilters, AlertViews } from './AlertListFilters';
import { useAlertListCommands } from './use-alert-list-commands';
import { useAlertListPage } from './use-alert-list-page';

/** Spec part 2, section 8 empty state. */
export const NO_ALERTS_TEXT = 'No information to display';

export function AlertListPage() {
  const model = useAlertListPage();
  const [, navigate] = useLocation();
  const [creatingCase, setCreatingCase] = useState<number[] | null>(null);
  useAlertListCommands(model);
  const layout = useColumnLayout('alerts', ALERT_COLUMNS, { extra: ALERT_EXTRA_COLUMNS });
  const { state, update, options, rows, selection, filtered, clearFilters } = model;

  return (
    <ListPage
      title="Alerts"
      lead={<AlertViews state={state} update={update} options={options} />}
      actions={
        <>
          <ExportListButton
            noun="alerts"
            count={rows.count ?? undefined}
            request={(format) => alertExportRequest(model.request, layout.columns.map(columnKey), format)}
          />
          <ChooseColumnsButton layout={layout} commandGroup="Alerts" />
        </>
      }
    >
      <AlertFilters state={state} update={update} options={options} filtered={filtered} onClear={clearFilters} />
      <AlertBulkBar model={model} onCreateCase={() => setCreatingCase(model.selected.map((a) => a.id))} />
      <ListFrame busy={rows.fetching && rows.status !== 'error'}>
        <VirtualTable
          label="Alerts"
          loadingLabel="Loading alerts"
          columns={layout.columns}
          rows={rows}
          getRowId={(a) => a.id}
          rowName={(a) => `alert ${a.id}`}
          sort={{ column: state.sort, dir: state.dir }}
          onSort={model.sortBy}
          onOpen={(a) => navigate(alertPath(a.id))}
          selection={{ isSelected: selection.isSelected, toggle: selection.toggle, setAll: selection.setAll }}
          empty={<ListEmpty text={NO_ALERTS_TEXT} onClear={filtered ? clearFilters : undefined} fill />}
          error={(retry) => <ListError text="The alerts could not be loaded." onRetry={retry} fill />}
        />
      </ListFrame>
      {creatingCase ? (
        <CreateCaseDialog
          alertIds={creatingCase}
          open
          onClose={() => setCreatingCase(null)}
          onCreated={() => {
            setCreatingCase(null);
            selection.clear();
          }}
        />
      ) : null}
    </ListPage>
  );
}
