// /data-explorer (issue 8, acceptance 1): the organisation's transactions and action events, in two
// tabs, filtered and ordered on the server, in virtual tables of 100-row pages. The tab and every
// filter live in the URL; j/k move, Enter opens the event in the right panel, the id links to its
// page. Upload files (data ingestion) is reached from here.
import { Link } from 'wouter';
import { TabList } from '../../../ui/AddressTabs';
import { ChooseColumnsButton, useColumnLayout, type ColumnDefinition } from '../../../features/columns';
import { button, textLink } from '../../../ui/recipes';
import { VirtualTable } from '../../../ui/VirtualTable';
import { actionEventColumns, transactionColumns } from './explorer-columns';
import { formatCount } from './explorer-format';
import { EXPLORER_TABS, type ExplorerTab } from './explorer-url';
import { ActionEventFilters, TransactionFilters } from './ExplorerFilters';
import { UPLOAD_FILES_PATH, useDataExplorerCommands } from './use-data-explorer-commands';
import { useDataExplorerPage, type DataExplorerPageModel } from './use-data-explorer-page';
import * as s from './explorer.styles';

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

function States({ model, noun }: { model: DataExplorerPageModel; noun: string }) {
  return {
    empty: (
      <div className={s.stateBox}>
        <p>{NO_EVENTS_TEXT}</p>
        {model.filtered ? (
          <button type="button" className={button({ variant: 'secondary', size: 'sm' })} onClick={model.clearFilters}>
            Clear filters
          </button>
        ) : null}
      </div>
    ),
    error: (retry: () => void) => (
      <div className={s.stateBox} role="alert">
        <p>The {noun} could not be loaded.</p>
        <button type="button" className={textLink()} onClick={retry}>
          Retry
        </button>
      </div>
    ),
  };
}

export function DataExplorerPage() {
  const model = useDataExplorerPage();
  useDataExplorerCommands(model);
  const { state, update, tagOptions, canSearchEntities, filtered, clearFilters, count } = model;
  const txnLayout = useColumnLayout('transactions', TXN_COLUMNS, { custom: customTxnColumn });
  const aeLayout = useColumnLayout('action_events', AE_COLUMNS, { custom: customAeColumn });
  const layout = state.tab === 'transactions' ? txnLayout : aeLayout;
  const [one, many] = NOUNS[state.tab];
  const states = States({ model, noun: many });
  const filterProps = { state, update, tagOptions, canSearchEntities, filtered, onClear: clearFilters };
  const sort = { column: 'event_time', dir: state.dir };

  return (
    <div className={s.page}>
      <header className={s.header}>
        <h1 className={s.title}>Data explorer</h1>
        {model.canReadEvents ? <Tabs model={model} /> : null}
        <span className={s.count} aria-live="polite">
          {count === null || !model.canReadEvents ? '' : `${formatCount(count)} ${count === 1 ? one : many}`}
        </span>
        <span className={s.spacer} />
        {model.canReadEvents ? <ChooseColumnsButton key={layout.tableId} layout={layout} commandGroup="Data explorer" listName={one} /> : null}
        {model.canUpload ? (
          <Link href={UPLOAD_FILES_PATH} className={button({ variant: 'secondary', size: 'sm' })}>
            Upload files
          </Link>
        ) : null}
      </header>
      {!model.canReadEvents ? (
        <div className={s.stateBox} role="note">
          <p>Transactions and action events need permission to read events.</p>
        </div>
      ) : (
        <>
          {state.tab === 'transactions' ? <TransactionFilters {...filterProps} /> : <ActionEventFilters {...filterProps} />}
          <div className={s.tableCard} role="tabpanel" id="explorer-panel" aria-labelledby={`explorer-tab-${state.tab}`}>
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
                empty={states.empty}
                error={states.error}
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
                empty={states.empty}
                error={states.error}
              />
            )}
          </div>
        </>
      )}
    </div>
  );
}
