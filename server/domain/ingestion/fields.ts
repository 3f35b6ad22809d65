/**
 * The built-in (native) fields a file's column can fill, per object type. Required fields missing
 * from a row fail it with a conditional required field error; enum fields accept only their values
 * (case-sensitive).
 */

export const OBJECT_TYPES = ['transactions', 'entities', 'instruments', 'action_events'] as const;
export type ObjectType = (typeof OBJECT_TYPES)[number];

export type FieldType = 'text' | 'number' | 'enum' | 'date-time' | 'boolean' | 'entity_reference' | 'instrument_reference';

export interface NativeField {
  field: string;
  label: string;
  required: boolean;
  data_type: FieldType;
  enum_set?: string[];
  /** other column names that suggest this field */
  aliases?: string[];
}

const TXN_STATUS = ['COMPLETED', 'PENDING', 'FAILED', 'REVERSED'];
const TXN_TYPES = ['ACH', 'WIRE', 'CARD', 'CASH_DEPOSIT', 'CASH_WITHDRAWAL', 'CHECK_DEPOSIT', 'P2P', 'INTERNAL_TRANSFER'];
const CURRENCIES = ['USD', 'CAD', 'EUR', 'GBP', 'MXN'];

export const NATIVE_FIELDS: Record<ObjectType, NativeField[]> = {
  transactions: [
    {
      field: 'external_id',
      label: 'Transaction id',
      required: true,
      data_type: 'text',
      aliases: ['txn_id', 'transaction_id', 'id'],
    },
    {
      field: 'event_time',
      label: 'Event time',
      required: true,
      data_type: 'date-time',
      aliases: ['timestamp', 'time'],
    },
    { field: 'amount', label: 'Amount', required: true, data_type: 'number' },
    {
      field: 'currency',
      label: 'Currency',
      required: false,
      data_type: 'enum',
      enum_set: CURRENCIES,
    },
    {
      field: 'status',
      label: 'Status',
      required: false,
      data_type: 'enum',
      enum_set: TXN_STATUS,
    },
    {
      field: 'internal_txn_type',
      label: 'Transaction type',
      required: true,
      data_type: 'enum',
      enum_set: TXN_TYPES,
      aliases: ['txn_type', 'type'],
    },
    {
      field: 'sender_entity',
      label: 'Sender',
      required: false,
      data_type: 'entity_reference',
      aliases: ['sender_id', 'sender_entity_external_id'],
    },
    {
      field: 'receiver_entity',
      label: 'Receiver',
      required: false,
      data_type: 'entity_reference',
      aliases: ['receiver_id', 'receiver_entity_external_id'],
    },
    {
      field: 'sender_instrument',
      label: 'Sending instrument',
      required: false,
      data_type: 'instrument_reference',
      aliases: ['sender_instrument_id', 'sender_instrument_external_id'],
    },
    {
      field: 'receiver_instrument',
      label: 'Receiving instrument',
      required: false,
      data_type: 'instrument_reference',
      aliases: ['receiver_instrument_id', 'receiver_instrument_external_id'],
    },
    {
      field: 'ip_address',
      label: 'IP address',
      required: false,
      data_type: 'text',
    },
    { field: 'device_id', label: 'Device', required: false, data_type: 'text' },
  ],
  entities: [
    {
      field: 'external_id',
      label: 'Entity id',
      required: true,
      data_type: 'text',
      aliases: ['customer_id', 'entity_id', 'id'],
    },
    {
      field: 'name_readable',
      label: 'Name',
      required: true,
      data_type: 'text',
      aliases: ['name'],
    },
    {
      field: 'entity_type',
      label: 'Entity type',
      required: false,
      data_type: 'enum',
      enum_set: ['user', 'business'],
      aliases: ['type'],
    },
    {
      field: 'status',
      label: 'Status',
      required: false,
      data_type: 'enum',
      enum_set: ['ACTIVE', 'SUSPENDED', 'BLOCKED', 'CLOSED'],
    },
    { field: 'email', label: 'Email', required: false, data_type: 'text' },
    { field: 'phone', label: 'Phone', required: false, data_type: 'text' },
    {
      field: 'registered_at',
      label: 'Registered',
      required: false,
      data_type: 'date-time',
    },
    {
      field: 'org_type',
      label: 'Organisation type',
      required: false,
      data_type: 'enum',
      enum_set: ['LLC', 'CORPORATION', 'SOLE_PROPRIETORSHIP', 'PARTNERSHIP', 'NON_PROFIT'],
    },
  ],
  instruments: [
    {
      field: 'external_id',
      label: 'Instrument id',
      required: true,
      data_type: 'text',
      aliases: ['instrument_id', 'id'],
    },
    {
      field: 'instrument_type',
      label: 'Instrument type',
      required: true,
      data_type: 'enum',
      enum_set: ['account', 'card', 'device', 'bank_account', 'wallet'],
      aliases: ['type'],
    },
    {
      field: 'status',
      label: 'Status',
      required: false,
      data_type: 'enum',
      enum_set: ['ACTIVE', 'LOCKED', 'DEACTIVATED'],
    },
    {
      field: 'entity',
      label: 'Owner',
      required: false,
      data_type: 'entity_reference',
      aliases: ['owner_id', 'entity_id', 'customer_id'],
    },
  ],
  action_events: [
    {
      field: 'external_id',
      label: 'Action event id',
      required: true,
      data_type: 'text',
      aliases: ['event_id', 'id'],
    },
    {
      field: 'event_time',
      label: 'Event time',
      required: true,
      data_type: 'date-time',
      aliases: ['timestamp', 'time'],
    },
    {
      field: 'action_type',
      label: 'Action',
      required: true,
      data_type: 'enum',
      enum_set: ['LOGIN', 'FAILED_LOGIN', 'PASSWORD_RESET', 'CHANGE_EMAIL', 'CHANGE_PHONE', 'ADD_PAYEE', 'ADD_DEVICE', 'PROFILE_UPDATE'],
      aliases: ['action'],
    },
    {
      field: 'entity',
      label: 'Entity',
      required: false,
      data_type: 'entity_reference',
      aliases: ['customer_id', 'entity_id'],
    },
    {
      field: 'instrument',
      label: 'Instrument',
      required: false,
      data_type: 'instrument_reference',
      aliases: ['instrument_id'],
    },
    {
      field: 'ip_address',
      label: 'IP address',
      required: false,
      data_type: 'text',
    },
    {
      field: 'device_fingerprint',
      label: 'Device fingerprint',
      required: false,
      data_type: 'text',
    },
  ],
};

/** The key path prefix of a data setting that belongs to an object type's rows. */
export const KEY_PREFIX: Record<ObjectType, string> = {
  transactions: 'transaction.',
  entities: 'entity.',
  instruments: 'instrument.',
  action_events: 'action_event.',
};

export function isObjectType(value: string): value is ObjectType {
  return (OBJECT_TYPES as readonly string[]).includes(value);
}

export function nativeField(type: ObjectType, field: string): NativeField | undefined {
  return NATIVE_FIELDS[type].find((f) => f.field === field);
}
