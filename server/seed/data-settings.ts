import { encryptField } from '../domain/censorship/encryption.js';
import type { OrgContext, SeedContext } from './context.js';
import { DAY, iso, SEED_START } from './time.js';

/**
 * Data settings: native fields (columns of the objects themselves) and custom fields (kept in
 * formatted_data, keyed by the setting's id). Together they cover every data type, classifier and
 * censorship setting.
 */

interface Def {
  key_path: string;
  data_type: 'TEXT' | 'NUMBER' | 'ENUM' | 'DATE_TIME' | 'ENTITY_REFERENCE' | 'INSTRUMENT_REFERENCE' | 'BOOLEAN';
  classifier: 'ENTITY' | 'EVENT' | 'INSTRUMENT' | 'ALERT' | 'ADDRESS' | 'WATCHLIST';
  label: string;
  description?: string;
  native?: [key: string, field: string];
  flow?: 'OUTBOUND' | 'INBOUND' | 'OTHER';
  semantic?: string;
  censorship?: 'ALWAYS_VISIBLE' | 'CENSORED_BUT_VIEWABLE' | 'CENSORED' | 'ENCRYPTED';
  /** team names and agent emails granted read access to the censored value */
  readers?: { teams?: string[]; agents?: string[] };
  enums?: string[];
  rendering?: Record<string, unknown>;
  matchable?: boolean;
  exported?: boolean;
  recent?: string[];
  /** also defined for Northwind */
  north?: boolean;
}

const DEFS: Def[] = [
  // native
  {
    key_path: 'transaction.amount',
    data_type: 'NUMBER',
    classifier: 'EVENT',
    label: 'Amount',
    native: ['amount', 'amount'],
    rendering: { precision: 2 },
    north: true,
  },
  {
    key_path: 'transaction.event_time',
    data_type: 'DATE_TIME',
    classifier: 'EVENT',
    label: 'Event time',
    native: ['event_time', 'event_time'],
    rendering: { timezone: 'America/New_York' },
    north: true,
  },
  {
    key_path: 'transaction.currency',
    data_type: 'ENUM',
    classifier: 'EVENT',
    label: 'Currency',
    native: ['currency', 'currency'],
    enums: ['USD', 'CAD', 'EUR', 'GBP', 'MXN'],
    north: true,
  },
  {
    key_path: 'transaction.status',
    data_type: 'ENUM',
    classifier: 'EVENT',
    label: 'Status',
    native: ['status', 'status'],
    enums: ['COMPLETED', 'PENDING', 'FAILED', 'REVERSED'],
    north: true,
  },
  {
    key_path: 'transaction.internal_txn_type',
    data_type: 'ENUM',
    classifier: 'EVENT',
    label: 'Transaction type',
    native: ['internal_txn_type', 'internal_txn_type'],
    enums: ['ACH', 'WIRE', 'CARD', 'CASH_DEPOSIT', 'CASH_WITHDRAWAL', 'CHECK_DEPOSIT', 'P2P', 'INTERNAL_TRANSFER'],
    north: true,
  },
  {
    key_path: 'transaction.sender_entity',
    data_type: 'ENTITY_REFERENCE',
    classifier: 'EVENT',
    label: 'Sender',
    native: ['sender_entity', 'sender_entity_id'],
    flow: 'OUTBOUND',
    rendering: { reference_display_fields: ['name_readable', 'external_id'] },
    north: true,
  },
  {
    key_path: 'transaction.receiver_entity',
    data_type: 'ENTITY_REFERENCE',
    classifier: 'EVENT',
    label: 'Receiver',
    native: ['receiver_entity', 'receiver_entity_id'],
    flow: 'INBOUND',
    rendering: { reference_display_fields: ['name_readable', 'external_id'] },
    north: true,
  },
  {
    key_path: 'transaction.sender_instrument',
    data_type: 'INSTRUMENT_REFERENCE',
    classifier: 'EVENT',
    label: 'Sending instrument',
    native: ['sender_instrument', 'sender_instrument_id'],
    flow: 'OUTBOUND',
    rendering: { reference_display_fields: ['external_id'] },
    north: true,
  },
  {
    key_path: 'transaction.receiver_instrument',
    data_type: 'INSTRUMENT_REFERENCE',
    classifier: 'EVENT',
    label: 'Receiving instrument',
    native: ['receiver_instrument', 'receiver_instrument_id'],
    flow: 'INBOUND',
    rendering: { reference_display_fields: ['external_id'] },
    north: true,
  },
  {
    key_path: 'entity.name_readable',
    data_type: 'TEXT',
    classifier: 'ENTITY',
    label: 'Name',
    native: ['name_readable', 'name_readable'],
    matchable: true,
    north: true,
  },
  {
    key_path: 'entity.email',
    data_type: 'TEXT',
    classifier: 'ENTITY',
    label: 'Email',
    native: ['email', 'email'],
    semantic: 'EMAIL_ADDRESS',
    matchable: true,
    censorship: 'CENSORED_BUT_VIEWABLE',
    north: true,
  },
  {
    key_path: 'entity.phone',
    data_type: 'TEXT',
    classifier: 'ENTITY',
    label: 'Phone',
    native: ['phone', 'phone'],
    semantic: 'PHONE_NUMBER',
    matchable: true,
    censorship: 'CENSORED_BUT_VIEWABLE',
    north: true,
  },
  {
    key_path: 'entity.registered_at',
    data_type: 'DATE_TIME',
    classifier: 'ENTITY',
    label: 'Registered',
    native: ['registered_at', 'registered_at'],
    north: true,
  },
  {
    key_path: 'instrument.instrument_type',
    data_type: 'ENUM',
    classifier: 'INSTRUMENT',
    label: 'Instrument type',
    native: ['instrument_type', 'instrument_type'],
    enums: ['account', 'card', 'device', 'bank_account', 'wallet'],
    north: true,
  },
  {
    key_path: 'action_event.action_type',
    data_type: 'ENUM',
    classifier: 'EVENT',
    label: 'Action',
    native: ['action_type', 'action_type'],
    enums: ['LOGIN', 'FAILED_LOGIN', 'PASSWORD_RESET', 'CHANGE_EMAIL', 'CHANGE_PHONE', 'ADD_PAYEE', 'ADD_DEVICE', 'PROFILE_UPDATE'],
    north: true,
  },
  {
    key_path: 'action_event.ip_address',
    data_type: 'TEXT',
    classifier: 'EVENT',
    label: 'IP address',
    native: ['ip_address', 'ip_address'],
    semantic: 'IP_ADDRESS',
    matchable: true,
    north: true,
  },
  {
    key_path: 'action_event.device_fingerprint',
    data_type: 'TEXT',
    classifier: 'EVENT',
    label: 'Device fingerprint',
    native: ['device_fingerprint', 'device_fingerprint'],
    semantic: 'CLIENT_FINGERPRINT',
    matchable: true,
    north: true,
  },
  // custom: transactions
  {
    key_path: 'transaction.channel',
    data_type: 'ENUM',
    classifier: 'EVENT',
    label: 'Channel',
    flow: 'OTHER',
    enums: ['ONLINE', 'MOBILE', 'BRANCH', 'ATM', 'POS'],
    north: true,
  },
  {
    key_path: 'transaction.memo',
    data_type: 'TEXT',
    classifier: 'EVENT',
    label: 'Memo',
    flow: 'OTHER',
    description: 'Free text entered by the customer.',
    north: true,
  },
  { key_path: 'transaction.merchant_name', data_type: 'TEXT', classifier: 'EVENT', label: 'Merchant', flow: 'INBOUND', matchable: true },
  { key_path: 'transaction.merchant_category', data_type: 'TEXT', classifier: 'EVENT', label: 'Merchant category', flow: 'INBOUND' },
  { key_path: 'transaction.counterparty_name', data_type: 'TEXT', classifier: 'EVENT', label: 'Counterparty', flow: 'OTHER', matchable: true, north: true },
  { key_path: 'transaction.counterparty_country', data_type: 'TEXT', classifier: 'ADDRESS', label: 'Counterparty country', flow: 'OTHER', semantic: 'COUNTRY' },
  {
    key_path: 'transaction.beneficiary_account',
    data_type: 'TEXT',
    classifier: 'EVENT',
    label: 'Beneficiary account',
    flow: 'OUTBOUND',
    censorship: 'ENCRYPTED',
    semantic: 'ACCOUNT_NUMBER',
  },
  { key_path: 'transaction.check_number', data_type: 'TEXT', classifier: 'EVENT', label: 'Check number', flow: 'OTHER' },
  { key_path: 'transaction.branch_id', data_type: 'TEXT', classifier: 'EVENT', label: 'Branch', flow: 'OTHER', north: true },
  // custom: entities
  {
    key_path: 'entity.date_of_birth',
    data_type: 'DATE_TIME',
    classifier: 'ENTITY',
    label: 'Date of birth',
    censorship: 'CENSORED',
    readers: { teams: ['Investigations'], agents: ['manager@demo.test'] },
    north: true,
  },
  { key_path: 'entity.ssn_last4', data_type: 'TEXT', classifier: 'ENTITY', label: 'SSN (last 4)', censorship: 'ENCRYPTED', semantic: 'SSN' },
  { key_path: 'entity.address', data_type: 'TEXT', classifier: 'ADDRESS', label: 'Address', semantic: 'ADDRESS', matchable: true, north: true },
  { key_path: 'entity.occupation', data_type: 'TEXT', classifier: 'ENTITY', label: 'Occupation' },
  {
    key_path: 'entity.annual_income',
    data_type: 'NUMBER',
    classifier: 'ENTITY',
    label: 'Annual income',
    censorship: 'CENSORED_BUT_VIEWABLE',
    rendering: { precision: 0 },
    readers: { agents: ['manager@demo.test', 'sofia.reyes@demo.test'] },
  },
  { key_path: 'entity.kyc_level', data_type: 'ENUM', classifier: 'ENTITY', label: 'KYC level', enums: ['BASIC', 'STANDARD', 'ENHANCED'], north: true },
  { key_path: 'entity.is_pep', data_type: 'BOOLEAN', classifier: 'ENTITY', label: 'Politically exposed person' },
  { key_path: 'entity.industry', data_type: 'TEXT', classifier: 'ENTITY', label: 'Industry' },
  { key_path: 'entity.tax_id', data_type: 'TEXT', classifier: 'ENTITY', label: 'Tax ID (EIN)', censorship: 'ENCRYPTED' },
  {
    key_path: 'entity.crm_profile',
    data_type: 'TEXT',
    classifier: 'ENTITY',
    label: 'CRM profile',
    rendering: { is_url: true, url_prefix: 'https://crm.demo-bank.test/customers/', url_postfix: '?tab=overview' },
  },
  // custom: instruments
  {
    key_path: 'instrument.account_number',
    data_type: 'TEXT',
    classifier: 'INSTRUMENT',
    label: 'Account number',
    censorship: 'CENSORED_BUT_VIEWABLE',
    semantic: 'ACCOUNT_NUMBER',
    matchable: true,
    north: true,
  },
  {
    key_path: 'instrument.card_network',
    data_type: 'ENUM',
    classifier: 'INSTRUMENT',
    label: 'Card network',
    enums: ['VISA', 'MASTERCARD', 'AMEX', 'DISCOVER'],
  },
  { key_path: 'instrument.card_last4', data_type: 'TEXT', classifier: 'INSTRUMENT', label: 'Card (last 4)' },
  { key_path: 'instrument.device_os', data_type: 'ENUM', classifier: 'INSTRUMENT', label: 'Device OS', enums: ['iOS', 'Android', 'Windows', 'macOS'] },
  { key_path: 'instrument.opened_at', data_type: 'DATE_TIME', classifier: 'INSTRUMENT', label: 'Opened', north: true },
  {
    key_path: 'instrument.linked_owner',
    data_type: 'ENTITY_REFERENCE',
    classifier: 'INSTRUMENT',
    label: 'Linked owner',
    rendering: { reference_display_fields: ['name_readable'] },
  },
  // custom: action events
  { key_path: 'action_event.user_agent', data_type: 'TEXT', classifier: 'EVENT', label: 'User agent', flow: 'OTHER', north: true },
  { key_path: 'action_event.geo_city', data_type: 'TEXT', classifier: 'ADDRESS', label: 'Location', flow: 'OTHER' },
  {
    key_path: 'action_event.login_method',
    data_type: 'ENUM',
    classifier: 'EVENT',
    label: 'Login method',
    flow: 'OTHER',
    enums: ['PASSWORD', 'BIOMETRIC', 'SSO', 'OTP'],
  },
  // alerts and watchlists
  { key_path: 'alert.source_system', data_type: 'TEXT', classifier: 'ALERT', label: 'Source system', north: true },
  { key_path: 'alert.external_reference', data_type: 'TEXT', classifier: 'ALERT', label: 'External reference' },
  {
    key_path: 'watchlist.list_name',
    data_type: 'ENUM',
    classifier: 'WATCHLIST',
    label: 'Watchlist',
    enums: ['OFAC SDN', 'UN Consolidated', 'EU Sanctions', 'Internal blocklist'],
  },
  {
    key_path: 'watchlist.match_score',
    data_type: 'NUMBER',
    classifier: 'WATCHLIST',
    label: 'Match score',
    rendering: { precision: 1 },
    censorship: 'CENSORED',
    readers: { teams: ['Sanctions & Screening'] },
  },
];

export async function seedDataSettings(ctx: SeedContext, orgs: OrgContext[]): Promise<void> {
  const rows: Record<string, unknown>[] = [];
  for (const org of orgs) {
    for (const def of DEFS) {
      if (org.key === 'north' && !def.north) continue;
      const id = ctx.ids.take('data_settings');
      const censorship = def.classifier === 'ALERT' ? 'ALWAYS_VISIBLE' : (def.censorship ?? 'ALWAYS_VISIBLE');
      const censored = censorship === 'CENSORED' || censorship === 'CENSORED_BUT_VIEWABLE' || censorship === 'ENCRYPTED';
      const teamIds = censored ? (def.readers?.teams ?? []).flatMap((t) => (org.teams[t] ? [org.teams[t]] : [])) : [];
      const agentIds = censored ? (def.readers?.agents ?? []).flatMap((e) => (org.byEmail.get(e) ? [org.byEmail.get(e)!.id] : [])) : [];
      const created = iso(SEED_START - (def.native ? 300 : 120) * DAY);
      rows.push({
        id,
        org_id: org.id,
        key_path: def.key_path,
        data_type: def.data_type,
        key_type: def.native ? 'NATIVE' : 'CUSTOM',
        native_key: def.native?.[0] ?? null,
        native_field: def.native?.[1] ?? null,
        data_classifier: def.classifier,
        user_facing_label: def.label,
        description: def.description ?? null,
        exported: def.exported ?? true,
        matchable: def.matchable ?? false,
        configured_flow: def.flow ?? null,
        semantic_type: def.semantic ?? null,
        censorship_setting: censorship,
        team_ids_with_censorship_read_permission: teamIds,
        agent_ids_with_censorship_read_permission: agentIds,
        enum_set: def.enums ?? [],
        rendering_options: def.rendering ?? {},
        recent_values: (def.enums ?? []).slice(0, 10),
        created_at: created,
        updated_at: created,
      });
      const key = ctx.fieldKey;
      const encrypt = censorship === 'ENCRYPTED' && key ? (plain: string) => encryptField(key, plain) : undefined;
      org.settings.set(def.key_path, { id, key_path: def.key_path, data_type: def.data_type, configured_flow: def.flow ?? null, encrypt });
    }
  }
  await ctx.w.insert('data_settings', rows);
}
