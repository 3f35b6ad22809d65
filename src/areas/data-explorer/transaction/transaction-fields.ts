// The rows of the Sending, Receiving and Other sections: the parties and amounts the event names
// natively, then the formatted data of that flow (a field without a flow is Other).
import { fieldsByFlow, type FieldItem } from '../../../features/field-list/FieldList';
import type { TransactionEvent } from '../../../api/transactions/queries';
import { formatMoney, words } from './transaction.utils';

export interface TransactionSections {
  sending: FieldItem[];
  receiving: FieldItem[];
  other: FieldItem[];
}

export function transactionSections(t: TransactionEvent): TransactionSections {
  const byFlow = fieldsByFlow(t.formatted_data, { object_type: 'TRANSACTION', object_id: t.id });
  const amount = formatMoney(t.amount, t.currency);
  return {
    sending: [
      {
        key: 'sender',
        label: 'Sender',
        value: t.sender_entity?.name_readable || t.sender_entity_external_id,
        href: t.sender_entity ? `/entities/${t.sender_entity.id}` : null,
      },
      { key: 'sender-id', label: 'Sender ID', value: t.sender_entity_external_id },
      {
        key: 'sender-instrument',
        label: 'Sending instrument',
        value: t.sender_instrument?.external_id,
        href: t.sender_instrument_id ? `/instruments/${t.sender_instrument_id}` : null,
      },
      { key: 'sent-amount', label: 'Sent amount', value: amount },
      ...byFlow.sending,
    ],
    receiving: [
      {
        key: 'receiver',
        label: 'Receiver',
        value: t.receiver_entity?.name_readable || t.receiver_entity_external_id,
        href: t.receiver_entity ? `/entities/${t.receiver_entity.id}` : null,
      },
      { key: 'receiver-id', label: 'Receiver ID', value: t.receiver_entity_external_id },
      {
        key: 'receiver-instrument',
        label: 'Receiving instrument',
        value: t.receiver_instrument?.external_id,
        href: t.receiver_instrument_id ? `/instruments/${t.receiver_instrument_id}` : null,
      },
      { key: 'received-amount', label: 'Received amount', value: amount },
      ...byFlow.receiving,
    ],
    other: [
      { key: 'type', label: 'Transaction type', value: words(t.internal_txn_type) },
      { key: 'status', label: 'Status', value: words(t.status) },
      { key: 'currency', label: 'Currency', value: t.currency },
      ...byFlow.other,
    ],
  };
}
