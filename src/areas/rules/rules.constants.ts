// The words the rules area shows for the vocabulary of core/rule-spec.ts and the contract's
// statuses.
import type { Aggregation, DistinctField, RuleEventType, RuleSubject, VariableGroup } from '../../../core/rule-spec';

// The statuses' words live with the badges (src/features/rules), which the rules admin dashboard shares.
export { NOT_VALIDATED, RULE_STATUSES, STATUS_LABELS, STATUS_TONES, VALIDATION_LABELS, VALIDATION_TONES } from '../../features/rules/rule-status';

export const EVENT_TYPE_LABELS: Record<RuleEventType, string> = { TRANSACTION: 'Transactions', ACTION_EVENT: 'Action events' };
export const SUBJECT_LABELS: Record<RuleSubject, string> = { ENTITY: 'Customers', INSTRUMENT: 'Instruments' };

export const AGGREGATION_LABELS: Record<Aggregation, string> = {
  count: 'Count of events',
  sum: 'Sum of amounts',
  ratio: 'Ratio of two variables',
  count_distinct: 'Count of distinct values',
  days_since_previous: 'Days since the previous event',
  value: 'Value of the event',
};

export const DISTINCT_LABELS: Record<DistinctField, string> = {
  entity_id: 'Customers',
  instrument_id: 'Instruments',
  counterparty_entity_id: 'Counterparties',
  device: 'Devices',
  ip_address: 'IP addresses',
};

export const GROUP_LABELS: Record<VariableGroup, string> = {
  device_fingerprint: 'Everyone on the event’s device',
  ip_address: 'Everyone on the event’s IP address',
};

export const FLOW_LABELS = { INBOUND: 'Received (inbound)', OUTBOUND: 'Sent (outbound)' } as const;

/** CASH_DEPOSIT as "Cash deposit". */
export const typeLabel = (type: string) => {
  const words = type.toLowerCase().replaceAll('_', ' ');
  return words === 'p2p' ? 'P2P' : words === 'ach' ? 'ACH' : words.charAt(0).toUpperCase() + words.slice(1);
};

/** Minutes as the editor's presets say them ("1 day", "7 days", "90 minutes"). */
export function windowText(minutes: unknown): string {
  if (typeof minutes !== 'number' || !Number.isFinite(minutes)) return '—';
  const plural = (n: number, unit: string) => `${n.toLocaleString('en-US')} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes % 1440 === 0) return plural(minutes / 1440, 'day');
  if (minutes % 60 === 0) return plural(minutes / 60, 'hour');
  return plural(minutes, 'minute');
}
