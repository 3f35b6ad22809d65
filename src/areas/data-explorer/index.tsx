import type { AreaProps } from '../../app/routes.types';
import { lazyWithReload } from '../../app/errors/lazy-with-reload';
import { DataExplorerPage } from './list/DataExplorerPage';

// The detail pages are chunks of their own: the lists do not download them to show their rows
// (docs/benchmarks.md, Area chunks); the shell fetches the entity page when idle, the palette and
// the lists' links on intent.
const EntityPage = lazyWithReload(() => import('./entity/EntityPage').then((m) => ({ default: m.EntityPage })));
const InstrumentPage = lazyWithReload(() => import('./instrument/InstrumentPage').then((m) => ({ default: m.InstrumentPage })));
const TransactionPage = lazyWithReload(() => import('./transaction/TransactionPage').then((m) => ({ default: m.TransactionPage })));
const ActionEventPage = lazyWithReload(() => import('./action-event/ActionEventPage').then((m) => ({ default: m.ActionEventPage })));

const PAGES = {
  'dataExplorer.entity': EntityPage,
  'dataExplorer.instrument': InstrumentPage,
  'dataExplorer.transaction': TransactionPage,
  'dataExplorer.actionEvent': ActionEventPage,
} as const;

export function preloadPage(routeId: string): void {
  if (routeId in PAGES) void PAGES[routeId as keyof typeof PAGES].preload();
}

/**
 * The data explorer area: the transactions and action events lists (list/), the entity and
 * instrument detail pages, and the transaction and action event detail routes. The explorer's
 * "upload files" route belongs to the data management area (its flat-file ingestion page).
 */
export default function Area({ routeId, params }: AreaProps) {
  const id = params.id ?? '';
  const Page = PAGES[routeId as keyof typeof PAGES];
  return Page ? <Page id={id} /> : <DataExplorerPage />;
}
