// The alert's linked lists, one tab each: its flagged entities, transactions, action events and
// instruments, read a page at a time. The entities and instruments tabs offer Export.
import { useState } from 'react';
import { Link } from 'wouter';
import { compactTime } from '../../../../lib/time';
import { ExportListButton } from '../../../../features/exports/ExportListButton';
import { RiskScore } from '../../../../features/risk';
import { TagChip } from '../../../../features/work';
import * as w from '../../../../features/work/work.styles';
import {
  LINKED_PAGE_SIZE,
  useAlertActionEventsQuery,
  useAlertEntitiesQuery,
  useAlertInstrumentsQuery,
  useAlertTransactionsQuery,
} from '../../../../api/alerts/queries';
import type { ActionEvent } from '../../../../api/action-events/queries';
import type { Entity } from '../../../../api/entities/queries';
import type { Instrument } from '../../../../api/instruments/queries';
import type { TransactionEvent } from '../../../../api/transactions/queries';
import { PagedTable, linkColumn, type Column, type PageQuery } from '../../../../ui/DataTable';
import { tableParts as t } from '../../../../ui/table.recipes';
import { formatAmount } from '../../list/alert-format';
import type { ExportRequest } from '../../../../api/file-exports/mutations';
import * as s from '../alert-detail.styles';
import { entityExportRequest, instrumentExportRequest } from './linked-export';

/** Spec part 2, section 8. */
export const ENTITIES_FAILED = 'Failed to load alert entities.';
/** Spec part 2, section 8. */
export const TRANSACTIONS_FAILED = 'Failed to fetch transactions for alert.';
/** Spec part 2, section 8. */
export const ACTION_EVENTS_FAILED = 'Failed to load alert action events.';
/** Not in the spec (it gives none for instruments); worded like its siblings. */
export const INSTRUMENTS_FAILED = 'Failed to load alert instruments.';

/** "CARD_PAYMENT" as "Card payment". */
const words = (v: string) => v.charAt(0) + v.slice(1).toLowerCase().replace(/_/g, ' ');
/** "bank_account" as "Bank account". */
const capitalised = (v: string) => (v.charAt(0).toUpperCase() + v.slice(1)).replace(/_/g, ' ');

const ENTITY_COLUMNS: Column<Entity>[] = [
  {
    header: 'Name',
    cell: (e) => (
      <Link href={`/entities/${e.id}`} className={t.link}>
        {e.name_readable}
      </Link>
    ),
  },
  { header: 'External ID', mono: true, cell: (e) => e.external_id },
  { header: 'Type', cell: (e) => (e.entity_type === 'business' ? 'Business' : 'User') },
  { header: 'Status', cell: (e) => e.status ?? '—' },
  { header: 'Risk score', numeric: true, cell: (e) => <RiskScore externalId={e.external_id} fallback={e.risk_score} compact /> },
  { header: 'Created', cell: (e) => compactTime(e.created_at) },
];
const ENTITIES = {
  columns: ENTITY_COLUMNS,
  loading: 'Loading flagged entities',
  failed: ENTITIES_FAILED,
  pages: 'Flagged entity pages',
  exported: { noun: 'entities', request: entityExportRequest },
};

const TRANSACTION_COLUMNS: Column<TransactionEvent>[] = [
  { header: 'Event time', cell: (x) => compactTime(x.event_time) },
  linkColumn<TransactionEvent>(
    'Transaction',
    (x) => `/data-explorer/transactions/${x.id}`,
    (x) => x.external_id,
  ),
  { header: 'Type', cell: (x) => words(x.internal_txn_type) },
  { header: 'Amount', numeric: true, cell: (x) => formatAmount(x.amount, x.currency) },
  { header: 'Sender', cell: (x) => x.sender_entity?.name_readable ?? x.sender_entity_external_id ?? '—' },
  { header: 'Receiver', cell: (x) => x.receiver_entity?.name_readable ?? x.receiver_entity_external_id ?? '—' },
  { header: 'Status', cell: (x) => words(x.status) },
  { header: 'Risk', numeric: true, cell: (x) => (x.risk_score === null ? '—' : Math.round(x.risk_score)) },
];
const TRANSACTIONS = { columns: TRANSACTION_COLUMNS, loading: 'Loading transactions', failed: TRANSACTIONS_FAILED, pages: 'Transaction pages' };

const ACTION_EVENT_COLUMNS: Column<ActionEvent>[] = [
  { header: 'Event time', cell: (e) => compactTime(e.event_time) },
  linkColumn<ActionEvent>(
    'Action event',
    (e) => `/data-explorer/action-events/${e.id}`,
    (e) => e.external_id,
  ),
  { header: 'Action type', cell: (e) => e.action_type },
  {
    header: 'Tags',
    cell: (e) =>
      e.tags.length === 0 ? (
        '—'
      ) : (
        <span className={w.tagList}>
          {e.tags.map((tag) => (
            <TagChip key={tag.id} tag={tag} />
          ))}
        </span>
      ),
  },
];
const ACTION_EVENTS = { columns: ACTION_EVENT_COLUMNS, loading: 'Loading action events', failed: ACTION_EVENTS_FAILED, pages: 'Action event pages' };

const INSTRUMENT_COLUMNS: Column<Instrument>[] = [
  linkColumn<Instrument>(
    'Instrument',
    (i) => `/instruments/${i.id}`,
    (i) => i.external_id,
  ),
  { header: 'Type', cell: (i) => capitalised(i.instrument_type) },
  { header: 'Status', cell: (i) => capitalised(i.status) },
  { header: 'Created', cell: (i) => compactTime(i.created_at) },
];
const INSTRUMENTS = {
  columns: INSTRUMENT_COLUMNS,
  loading: 'Loading instruments',
  failed: INSTRUMENTS_FAILED,
  pages: 'Instrument pages',
  exported: { noun: 'instruments', request: instrumentExportRequest },
};

/** What a tab says about its list: the columns, the loading and failure texts, the pager's name, and what its Export asks for. */
interface LinkedList<Row> {
  columns: Column<Row>[];
  loading: string;
  failed: string;
  pages: string;
  exported?: { noun: string; request: (alertId: number, format: 'CSV' | 'XLSX') => ExportRequest };
}

/** A tab of one of the alert's lists, read a page at a time from its first row. */
function linkedTab<Data extends { count: number }, Row extends { id: number }>(
  useList: (alertId: number, offset: number) => PageQuery<Data>,
  rows: (data: Data) => readonly Row[],
  list: LinkedList<Row>,
) {
  return function LinkedTab({ alertId }: { alertId: number }) {
    const [offset, setOffset] = useState(0);
    const q = useList(alertId, offset);
    const exported = list.exported;
    return (
      <>
        {exported && q.data && q.data.count > 0 ? (
          <div className={s.tabActions}>
            <ExportListButton noun={exported.noun} count={q.data.count} request={(format) => exported.request(alertId, format)} />
          </div>
        ) : null}
        <PagedTable
          query={q}
          rows={rows}
          rowKey={(row) => row.id}
          columns={list.columns}
          loading={list.loading}
          failed={list.failed}
          pager={{ offset, limit: LINKED_PAGE_SIZE, onChange: setOffset, label: list.pages }}
        />
      </>
    );
  };
}

export const EntitiesTab = linkedTab(useAlertEntitiesQuery, (d) => d.entities, ENTITIES);
export const TransactionsTab = linkedTab(useAlertTransactionsQuery, (d) => d.txn_events, TRANSACTIONS);
export const ActionEventsTab = linkedTab(useAlertActionEventsQuery, (d) => d.action_events, ACTION_EVENTS);
export const InstrumentsTab = linkedTab(useAlertInstrumentsQuery, (d) => d.instruments, INSTRUMENTS);
