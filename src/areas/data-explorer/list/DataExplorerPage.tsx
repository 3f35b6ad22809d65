// /data-explorer (issue 8, acceptance 1): the organisation's transactions and action events, in two
// tabs, filtered and ordered on the server, in virtual tables of 100-row pages. The tab and every
// filter live in the URL; j/k move, Enter opens the event in the right panel, the id links to its
// page. Upload files (data ingestion) is reached from here.
import { Link } from 'wouter';
import { TabList } from '../../../ui/AddressTabs';
import { ChooseColumnsButton, columnKey, useColumnLayout, type ColumnDefinition } from '../../../features/columns';
import { ExportListButton } from '../../../features/exports/ExportListButton';
import { button } from '../../../ui/recipes';
import { ListCount, ListEmpty, ListError, ListFrame, ListPage } from '../../../ui/ListPage';
import { listPage } from '../../../ui/list.recipes';
import { VirtualTable } from '../../../ui/VirtualTable';
import { actionEventColumns, transactionColumns } from './explorer-columns';
import { formatCount } from './explorer-format';
import { EXPLORER_TABS, type ExplorerTab } from './explorer-url';
import { ActionEventFilters, TransactionFilters } from './ExplorerFilters';
import { UPLOAD_FILES_PATH, useDataExplorerCommands } from './use-data-explorer-commands';
import { transactionExportRequest } from './transaction-export';
import { actionEventExportRequest } from './action-event-export';
import { useDataExplorerPage, type DataExplorerPageModel } from './use-data-explorer-page';

/** Spec part 2, section 8 empty state. */
export const NO_EVENTS_TEXT = 'No information to display';

// The lists' default columns, and the column of a custom field the agent turned on (Choose Columns).
const TXN_COLUMNS = transactionColumns();
const AE_COLUMNS = actionEventColumns();
const customTxnColumn = (c: ColumnDefinition) => transactionColumns([{ ...c, hidden: false }])[0];
const customAeColumn = (c: ColumnDefinition) => actionEventColumns([{ ...c, hidden: false }])[0];

const TAB_LABELS: Record<ExplorerTab, string> = { transactions: 'Transactions', 'action-events': 'Action events' };
const NOUNS: Record<ExplorerTab, [string, string]> = { transactions: ['transaction', 'transactions'], 'action-events': ['action event', 'action events'] };

function Tabs({ model }: { model: DataExplorerPageModel }) {
  return (
    <TabList
      tabs={EXPLORER_TABS}
      labels={TAB_LABELS}
      label="Events to show"
      value={model.state.tab}
      onChange={model.setTab}
      idPrefix="explorer-tab"
      panelId="explorer-panel"
    />
  );
}

export function DataExplorerPage() {
  const model = useDataExplorerPage();
  useDataExplorerCommands(model);
  const { state, update, tagOptions, canSearchEntities, filtered, clearFilters, count } = model;
  const txnLayout = useColumnLayout('transactions', TXN_COLUMNS, { custom: customTxnColumn });
  const aeLayout = useColumnLayout('action_events', AE_COLUMNS, { custom: customAeColumn });
  const layout = state.tab === 'transactions' ? txnLayout : aeLayout;
  const [one, many] = NOUNS[state.tab];
  const empty = <ListEmpty text={NO_EVENTS_TEXT} onClear={filtered ? clearFilters : undefined} />;
  const error = (retry: () => void) => <ListError text={`The ${many} could not be loaded.`} onRetry={retry} />;
  const filterProps = { state, update, tagOptions, canSearchEntities, filtered, onClear: clearFilters };
  const sort = { column: 'event_time', dir: state.dir };

  return (
    <ListPage
      title="Data explorer"
      lead={
        <>
          {model.canReadEvents ? <Tabs model={model} /> : null}
          <ListCount>{count === null || !model.canReadEvents ? '' : `${formatCount(count)} ${count === 1 ? one : many}`}</ListCount>
        </>
      }
      actions={
        <>
          {model.canReadEvents && state.tab === 'transactions' ? (
            <ExportListButton
              noun="transactions"
              count={count ?? undefined}
              request={(format) => transactionExportRequest(model.txnRequest, txnLayout.columns.map(columnKey), format)}
            />
          ) : null}
          {model.canReadEvents && state.tab === 'action-events' ? (
            <ExportListButton
              noun="action events"
              count={count ?? undefined}
              request={(format) => actionEventExportRequest(model.aeRequest, aeLayout.columns.map(columnKey), format)}
            />
          ) : null}
          {model.canReadEvents ? <ChooseColumnsButton key={layout.tableId} layout={layout} commandGroup="Data explorer" listName={one} /> : null}
          {model.canUpload ? (
            <Link href={UPLOAD_FILES_PATH} className={button({ variant: 'secondary', size: 'sm' })}>
              Upload files
            </Link>
          ) : null}
        </>
      }
    >
      {!model.canReadEvents ? (
        <div className={listPage().state} role="note">
          <p>Transactions and action events need permission to read events.</p>
        </div>
      ) : (
        <>
          {state.tab === 'transactions' ? <TransactionFilters {...filterProps} /> : <ActionEventFilters {...filterProps} />}
          <ListFrame role="tabpanel" id="explorer-panel" aria-labelledby={`explorer-tab-${state.tab}`}>
            {state.tab === 'transactions' ? (
              <VirtualTable
                label="Transactions"
                loadingLabel="Loading transactions"
                columns={txnLayout.columns}
                rows={model.transactions}
                getRowId={(t) => t.id}
                rowName={(t) => `transaction ${t.external_id}`}
                sort={sort}
                onSort={model.flipOrder}
                onOpen={model.openTransaction}
                empty={empty}
                error={error}
              />
            ) : (
              <VirtualTable
                label="Action events"
                loadingLabel="Loading action events"
                columns={aeLayout.columns}
                rows={model.actionEvents}
                getRowId={(e) => e.id}
                rowName={(e) => `action event ${e.external_id}`}
                sort={sort}
                onSort={model.flipOrder}
                onOpen={model.openActionEvent}
                empty={empty}
                error={error}
              />
            )}
          </ListFrame>
        </>
      )}
    </ListPage>
  );
}
