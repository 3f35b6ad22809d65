// The alert's linked lists, one tab each: its flagged entities, transactions, action events and
// instruments, read a page at a time.
import { useState } from 'react';
import { Link } from 'wouter';
import { cx } from '../../../../../styled-system/css';
import { compactTime } from '../../../../lib/time';
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
import { PagedTable, type Column, type PageQuery } from '../../../../ui/DataTable';
import { tableParts as t } from '../../../../ui/table.recipes';
import { formatAmount } from '../../list/alert-format';

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

const TRANSACTION_COLUMNS: Column<TransactionEvent>[] = [
  { header: 'Event time', cell: (x) => compactTime(x.event_time) },
  {
    header: 'Transaction',
    cell: (x) => (
      <Link href={`/data-explorer/transactions/${x.id}`} className={cx(t.link, t.mono)}>
        {x.external_id}
      </Link>
    ),
  },
  { header: 'Type', cell: (x) => words(x.internal_txn_type) },
  { header: 'Amount', numeric: true, cell: (x) => formatAmount(x.amount, x.currency) },
  { header: 'Sender', cell: (x) => x.sender_entity?.name_readable ?? x.sender_entity_external_id ?? '—' },
  { header: 'Receiver', cell: (x) => x.receiver_entity?.name_readable ?? x.receiver_entity_external_id ?? '—' },
  { header: 'Status', cell: (x) => words(x.status) },
  { header: 'Risk', numeric: true, cell: (x) => (x.risk_score === null ? '—' : Math.round(x.risk_score)) },
];

const ACTION_EVENT_COLUMNS: Column<ActionEvent>[] = [
  { header: 'Event time', cell: (e) => compactTime(e.event_time) },
  {
    header: 'Action event',
    cell: (e) => (
      <Link href={`/data-explorer/action-events/${e.id}`} className={cx(t.link, t.mono)}>
        {e.external_id}
      </Link>
    ),
  },
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

const INSTRUMENT_COLUMNS: Column<Instrument>[] = [
  {
    header: 'Instrument',
    cell: (i) => (
      <Link href={`/instruments/${i.id}`} className={cx(t.link, t.mono)}>
        {i.external_id}
      </Link>
    ),
  },
  { header: 'Type', cell: (i) => capitalised(i.instrument_type) },
  { header: 'Status', cell: (i) => capitalised(i.status) },
  { header: 'Created', cell: (i) => compactTime(i.created_at) },
];

interface LinkedList<Data extends { count: number }, Row extends { id: number }> {
  /** Reads a page of the list from its offset. */
  useList: (alertId: number, offset: number) => PageQuery<Data>;
  rows: (data: Data) => readonly Row[];
  columns: Column<Row>[];
  loading: string;
  failed: string;
  /** The pager's name. */
  pages: string;
}

/** A tab of one of the alert's lists, read a page at a time from its first row. */
function linkedTab<Data extends { count: number }, Row extends { id: number }>(list: LinkedList<Data, Row>) {
  return function LinkedTab({ alertId }: { alertId: number }) {
    const [offset, setOffset] = useState(0);
    const q = list.useList(alertId, offset);
    return (
      <PagedTable
        query={q}
        rows={list.rows}
        rowKey={(row) => row.id}
        columns={list.columns}
        loading={list.loading}
        failed={list.failed}
        pager={{ offset, limit: LINKED_PAGE_SIZE, onChange: setOffset, label: list.pages }}
      />
    );
  };
}

export const EntitiesTab = linkedTab({
  useList: useAlertEntitiesQuery,
  rows: (d) => d.entities,
  columns: ENTITY_COLUMNS,
  loading: 'Loading flagged entities',
  failed: ENTITIES_FAILED,
  pages: 'Flagged entity pages',
});

export const TransactionsTab = linkedTab({
  useList: useAlertTransactionsQuery,
  rows: (d) => d.txn_events,
  columns: TRANSACTION_COLUMNS,
  loading: 'Loading transactions',
  failed: TRANSACTIONS_FAILED,
  pages: 'Transaction pages',
});

export const ActionEventsTab = linkedTab({
  useList: useAlertActionEventsQuery,
  rows: (d) => d.action_events,
  columns: ACTION_EVENT_COLUMNS,
  loading: 'Loading action events',
  failed: ACTION_EVENTS_FAILED,
  pages: 'Action event pages',
});

export const InstrumentsTab = linkedTab({
  useList: useAlertInstrumentsQuery,
  rows: (d) => d.instruments,
  columns: INSTRUMENT_COLUMNS,
  loading: 'Loading instruments',
  failed: INSTRUMENTS_FAILED,
  pages: 'Instrument pages',
});
