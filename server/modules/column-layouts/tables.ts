// The tables whose columns an agent arranges (Choose Columns, spec part 2 sections 2-4): each
// table's native columns, keyed by the field of the list row the console renders, with a label
// and a description (the dialog searches both), and which data settings add columns to it.
import type { components } from '../../../openapi/schema.js';

export type ColumnDefinition = components['schemas']['ColumnDefinition'];

/** [key, label, description, hidden by default]: extra columns a list offers but does not show at first. */
type NativeColumn = [key: string, label: string, description: string, hidden?: true];

export interface TableDef {
  /** data settings whose key path starts with this belong to the table */
  prefix: string | null;
  /** ...and so do settings without a known prefix whose classifier is one of these */
  classifiers: string[];
  native: NativeColumn[];
}

/** Key path prefixes of the known tables; a setting with none of them is matched by classifier. */
export const KNOWN_PREFIXES = ['transaction.', 'action_event.', 'entity.', 'instrument.', 'alert.'];

const HIDDEN = true;

export const TABLES: Record<string, TableDef> = {
  transactions: {
    prefix: 'transaction.',
    classifiers: ['EVENT'],
    native: [
      ['external_id', 'Transaction ID', "The transaction's id in your systems."],
      ['event_time', 'Event time', 'When the transaction happened.'],
      ['amount', 'Amount', 'Amount in the transaction currency.'],
      ['currency', 'Currency', 'The currency of the amount.'],
      ['status', 'Status', 'Completed, pending, failed or reversed.'],
      ['internal_txn_type', 'Type', 'ACH, wire, card, cash, check, P2P or internal transfer.'],
      ['sender', 'Sender', 'The sending entity.'],
      ['receiver', 'Receiver', 'The receiving entity.'],
      ['risk_score', 'Risk score', "The transaction's internal risk score."],
      ['has_alerts', 'Alerts', 'Whether the transaction is part of an alert.'],
    ],
  },
  action_events: {
    prefix: 'action_event.',
    classifiers: ['EVENT'],
    native: [
      ['external_id', 'Action event ID', "The action event's id in your systems."],
      ['event_time', 'Event time', 'When the action happened.'],
      ['action_type', 'Action', 'What the customer did: a login, a password reset, a new payee…'],
      ['entity', 'Entity', 'The customer who acted.'],
      ['instrument', 'Instrument', 'The account, card or device used.'],
      ['ip_address', 'IP address', 'The network address the action came from.'],
      ['device_fingerprint', 'Device fingerprint', 'The client fingerprint of the device.'],
    ],
  },
  entities: {
    prefix: 'entity.',
    classifiers: ['ENTITY'],
    native: [
      ['external_id', 'Entity ID', "The entity's id in your systems."],
      ['name_readable', 'Name', "The customer's or business's name."],
      ['entity_type', 'Type', 'Individual or business.'],
      ['status', 'Status', "The entity's status in your systems."],
      ['internal_status', 'Internal status', "The entity's status in Vigil."],
      ['risk_score', 'Risk score', 'The score of the active risk model.'],
      ['email', 'Email', "The entity's email address."],
      ['phone', 'Phone', "The entity's phone number."],
      ['created_at', 'Created', 'When the entity was first seen.'],
      ['last_seen', 'Last seen', "The entity's latest activity."],
    ],
  },
  instruments: {
    prefix: 'instrument.',
    classifiers: ['INSTRUMENT'],
    native: [
      ['external_id', 'Instrument ID', "The instrument's id in your systems."],
      ['instrument_type', 'Type', 'Account, card, device, bank account or wallet.'],
      ['status', 'Status', 'Active, locked or deactivated.'],
      ['owner', 'Owner', 'The entity the instrument belongs to.'],
      ['created_at', 'Created', 'When the instrument was first seen.'],
    ],
  },
  // The alert list's rows carry no custom data (an alert's custom fields are on its Custom Data
  // tab), so alert data settings add no columns here.
  alerts: {
    prefix: null,
    classifiers: [],
    native: [
      ['id', 'ID', 'The alert number.'],
      ['title', 'Title', 'What the alert is about.'],
      ['status', 'Status', 'Open, in review, closed or rule validation.'],
      ['alert_type', 'Type', 'Transaction monitoring, manual or another source.', HIDDEN],
      ['rules', 'Rules', 'The rules that raised the alert.'],
      ['queue_title', 'Queue', 'The queue the alert waits in.'],
      ['assigned_to_name', 'Assignee', 'The agent working the alert.'],
      ['amount_volume', 'Amount', 'The amount of the flagged activity, in its currency.'],
      ['alert_score', 'Score', "The alert's risk score."],
      ['created_at', 'Created', 'When the alert was raised.'],
      ['deadline', 'Deadline', 'When the alert is due.'],
      ['disposition', 'Disposition', 'How a closed alert was decided.', HIDDEN],
      ['tags', 'Tags', "The alert's tags."],
    ],
  },
  cases: {
    prefix: null,
    classifiers: [],
    native: [
      ['id', 'ID', 'The case number.'],
      ['title', 'Title', 'What the case is about.'],
      ['status', 'Status', 'Open, in review or closed.'],
      ['queue_title', 'Queue', 'The queue the case waits in.'],
      ['assigned_to_name', 'Assignee', 'The agent working the case.'],
      ['alert_count', 'Alerts', 'How many alerts the case holds.'],
      ['sar_count', 'SARs', 'How many SARs were started from the case.'],
      ['deadline', 'Deadline', 'When the case is due.'],
      ['created_at', 'Created', 'When the case was opened.'],
      ['disposition', 'Disposition', 'How a closed case was decided.', HIDDEN],
      ['tags', 'Tags', "The case's tags."],
    ],
  },
  sars: {
    prefix: null,
    classifiers: [],
    native: [
      ['id', 'ID', 'The SAR number.'],
      ['name', 'Name', "The SAR's name."],
      ['status', 'Status', 'Where the filing stands.'],
      ['reviewer', 'Reviewer', 'The agent reviewing the SAR.'],
      ['deadline', 'Deadline', 'When the SAR is due.'],
      ['filed_at', 'Filed', 'When the SAR was filed.'],
      ['created_at', 'Created', 'When the SAR was started.'],
    ],
  },
};

/** Whether a data setting (by key path and stored classifier) has a column in the table. */
export function settingBelongsTo(table: TableDef, keyPath: string, classifier: string): boolean {
  if (table.prefix && keyPath.startsWith(table.prefix)) return true;
  return !KNOWN_PREFIXES.some((p) => keyPath.startsWith(p)) && table.classifiers.includes(classifier);
}

export function nativeColumns(table: TableDef): ColumnDefinition[] {
  return table.native.map(([key, label, description, hidden]) => ({
    key,
    key_type: 'native',
    data_setting_id: null,
    label,
    description,
    hidden: hidden === true,
  }));
}

/** A stored layout column (key_type is stored upper-case: NATIVE, DATA_SETTING), read leniently. */
export function toColumn(stored: Record<string, unknown>): ColumnDefinition {
  return {
    key: String(stored.key),
    key_type: String(stored.key_type).toLowerCase() === 'data_setting' ? 'data_setting' : 'native',
    data_setting_id: typeof stored.data_setting_id === 'number' ? stored.data_setting_id : null,
    label: typeof stored.label === 'string' ? stored.label : String(stored.key),
    description: typeof stored.description === 'string' && stored.description !== '' ? stored.description : null,
    hidden: stored.hidden === true,
  };
}

/** One identity per column: a data setting column by its setting, a native one by its key. */
export const columnIdentity = (c: Pick<ColumnDefinition, 'key' | 'key_type' | 'data_setting_id'>) =>
  c.key_type === 'data_setting' ? `setting:${c.data_setting_id}` : `native:${c.key}`;

/**
 * A saved layout over the table's current columns: the saved order and visibility; labels and
 * descriptions as they are now (a data setting may have been renamed since); columns that no
 * longer exist left out; columns the layout does not name (a data setting created since) appended
 * hidden, so a saved arrangement never changes by itself.
 */
export function arrange(current: ColumnDefinition[], saved: ColumnDefinition[]): ColumnDefinition[] {
  const byIdentity = new Map(current.map((c) => [columnIdentity(c), c]));
  const placed = new Set<string>();
  const out: ColumnDefinition[] = [];
  for (const s of saved) {
    const id = columnIdentity(s);
    const column = byIdentity.get(id);
    if (!column || placed.has(id)) continue;
    placed.add(id);
    out.push({ ...column, hidden: s.hidden });
  }
  for (const c of current) if (!placed.has(columnIdentity(c))) out.push({ ...c, hidden: true });
  return out;
}
