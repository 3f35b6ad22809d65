import type { AreaProps } from '../../app/routes.types';
import { ActionEventPage } from './action-event/ActionEventPage';
import { EntityPage } from './entity/EntityPage';
import { InstrumentPage } from './instrument/InstrumentPage';
import { DataExplorerPage } from './list/DataExplorerPage';
import { TransactionPage } from './transaction/TransactionPage';

/**
 * The data explorer area: the transactions and action events lists (list/), the entity and
 * instrument detail pages, and the transaction and action event detail routes. The explorer's
 * "upload files" route belongs to the data management area (its flat-file ingestion page).
 */
export default function Area({ routeId, params }: AreaProps) {
  const id = params.id ?? '';
  switch (routeId) {
    case 'dataExplorer.entity':
      return <EntityPage id={id} />;
    case 'dataExplorer.instrument':
      return <InstrumentPage id={id} />;
    case 'dataExplorer.transaction':
      return <TransactionPage id={id} />;
    case 'dataExplorer.actionEvent':
      return <ActionEventPage id={id} />;
    default:
      return <DataExplorerPage />;
  }
}
