// The explorer lists' columns come from a definition list in the shape of the contract's
// ColumnDefinition ({ key, label, description, key_type native | data_setting, data_setting_id,
// hidden }), so a saved column layout (Choose Columns) can replace the defaults. Native keys are
// the server's native columns of the table; data_setting columns read formatted_data.
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { components } from '../../../../openapi/schema';
import type { FormattedData } from './explorer-cells';
import { CensorableText, EventTime, Muted } from './explorer-cells';
import { formatMoney, STATUS_LABELS, STATUS_TONES, TYPE_LABELS, actionLabel } from './explorer-format';
import type { ActionEventListItem } from '../../../api/action-events/queries';
import type { TransactionEvent } from '../../../api/transactions/queries';
import * as s from './explorer.styles';
import { listCells } from '../../../ui/list.recipes';

const cells = listCells();

export type ColumnDefinition = components['schemas']['ColumnDefinition'];

const native = (key: string, label: string, description: string | null = null): ColumnDefinition => ({
  key,
  label,
  description,
  key_type: 'native',
  data_setting_id: null,
  hidden: false,
});

/** The transactions table's native columns, as the server's default layout lists them. */
export const TRANSACTION_COLUMN_DEFAULTS: ColumnDefinition[] = [
  native('external_id', 'Transaction ID', 'The event id your systems sent; opens the transaction.'),
  native('event_time', 'Event time'),
  native('amount', 'Amount'),
  native('currency', 'Currency'),
  native('status', 'Status'),
  native('internal_txn_type', 'Type'),
  native('sender', 'Sender'),
  native('receiver', 'Receiver'),
  native('risk_score', 'Risk score'),
  native('has_alerts', 'Alerts'),
];

export const ACTION_EVENT_COLUMN_DEFAULTS: ColumnDefinition[] = [
  native('external_id', 'Action event ID', 'The event id your systems sent; opens the action event.'),
  native('event_time', 'Event time'),
  native('action_type', 'Action'),
  native('entity', 'Entity'),
  native('instrument', 'Instrument'),
  native('ip_address', 'IP address'),
  native('device_fingerprint', 'Device fingerprint'),
];

export const transactionPath = (id: number) => `/data-explorer/transactions/${id}`;
export const actionEventPath = (id: number) => `/data-explorer/action-events/${id}`;

interface Cell<Row> {
  width: number;
  grow?: number;
  align?: 'start' | 'end';
  sortKey?: string;
  render: (row: Row) => ReactNode;
}

const idLink = (href: string, text: string) => (
  // A real link for middle-click and "open in new tab"; the row is the keyboard's one tab stop.
  <Link href={href} tabIndex={-1} className={s.idLink} title={text}>
    {text}
  </Link>
);

const party = (p: { external_id: string; name_readable: string } | null) =>
  p ? (
    <span className={cells.truncate} title={`${p.name_readable} (${p.external_id})`}>
      {p.name_readable || p.external_id}
    </span>
  ) : (
    <Muted />
  );

const TRANSACTION_CELLS: Record<string, Cell<TransactionEvent>> = {
  external_id: { width: 150, render: (t) => idLink(transactionPath(t.id), t.external_id) },
  event_time: { width: 156, sortKey: 'event_time', render: (t) => <EventTime iso={t.event_time} /> },
  amount: { width: 112, align: 'end', render: (t) => <span className={cells.numeric}>{formatMoney(t.amount)}</span> },
  currency: { width: 76, render: (t) => t.currency },
  status: {
    width: 104,
    render: (t) => (
      <span className={s.badge} data-tone={STATUS_TONES[t.status]}>
        {STATUS_LABELS[t.status]}
      </span>
    ),
  },
  internal_txn_type: { width: 118, render: (t) => TYPE_LABELS[t.internal_txn_type] },
  sender: { width: 150, grow: 1, render: (t) => party(t.sender_entity) },
  receiver: { width: 150, grow: 1, render: (t) => party(t.receiver_entity) },
  risk_score: {
    width: 84,
    align: 'end',
    render: (t) => (t.risk_score === null ? <Muted /> : <span className={cells.numeric}>{Math.round(t.risk_score)}</span>),
  },
  has_alerts: { width: 70, align: 'end', render: (t) => (t.alert_ids.length ? <span className={cells.numeric}>{t.alert_ids.length}</span> : <Muted />) },
};

const ACTION_EVENT_CELLS: Record<string, Cell<ActionEventListItem>> = {
  external_id: { width: 150, render: (e) => idLink(actionEventPath(e.id), e.external_id) },
  event_time: { width: 156, sortKey: 'event_time', render: (e) => <EventTime iso={e.event_time} /> },
  action_type: { width: 130, render: (e) => actionLabel(e.action_type) },
  entity: {
    width: 170,
    grow: 1,
    render: (e) => (e.entity ? party(e.entity) : <Muted />),
  },
  instrument: { width: 150, render: (e) => (e.instrument ? <span className={cells.mono}>{e.instrument.external_id}</span> : <Muted />) },
  ip_address: { width: 130, render: (e) => (e.ip_address ? <span className={cells.mono}>{e.ip_address}</span> : <Muted />) },
  device_fingerprint: { width: 170, grow: 1, render: (e) => (e.device_fingerprint ? <span className={cells.mono}>{e.device_fingerprint}</span> : <Muted />) },
};

function build<Row extends { id: number; formatted_data: FormattedData }>(
  defs: readonly ColumnDefinition[],
  cells: Record<string, Cell<Row>>,
): ColumnDef<Row, unknown>[] {
  const col = createColumnHelper<Row>();
  return defs
    .filter((d) => !d.hidden)
    .flatMap((d): ColumnDef<Row, unknown>[] => {
      const header = () => <span title={d.description ?? undefined}>{d.label}</span>;
      if (d.key_type === 'data_setting') {
        const id = d.data_setting_id === null ? null : String(d.data_setting_id);
        if (id === null) return [];
        return [
          col.display({
            id: `ds:${id}`,
            header,
            meta: { width: 140, grow: 1 },
            cell: (c) => <CensorableText value={c.row.original.formatted_data[id]?.formatted_value} />,
          }),
        ];
      }
      const cell = cells[d.key];
      if (!cell) return [];
      return [
        col.display({
          id: d.key,
          header,
          meta: { width: cell.width, grow: cell.grow, align: cell.align, sortKey: cell.sortKey },
          cell: (c) => cell.render(c.row.original),
        }),
      ];
    });
}

export const transactionColumns = (defs: readonly ColumnDefinition[] = TRANSACTION_COLUMN_DEFAULTS) => build(defs, TRANSACTION_CELLS);
export const actionEventColumns = (defs: readonly ColumnDefinition[] = ACTION_EVENT_COLUMN_DEFAULTS) => build(defs, ACTION_EVENT_CELLS);
