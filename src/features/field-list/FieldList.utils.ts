// Formatted data (customer-supplied fields keyed by data setting id) turned into label/value rows.
// Spec part 2, section 3: each value carries formatted_value, flow (OUTBOUND, INBOUND, OTHER) and
// name_readable. The server masks censored values for agents without read access; the mask is
// the spec's "••••••", recognised here so the row shows it with its tooltip.
import type { components } from '../../../openapi/schema';
import { isInstant, longTime } from '../../lib/time';

export type FormattedData = components['schemas']['FormattedData'];
export type FormattedValue = components['schemas']['FormattedValue'];
export type Flow = components['schemas']['FlowDirection'];

/** The value the server sends instead of a censored field (spec part 2, section 6). */
export const CENSORED_VALUE = '••••••';
export const CENSORED_TOOLTIP = 'This field is censored.';
export const SHOW_EMPTY_FIELDS = 'Show Empty Fields';
export const HIDE_EMPTY_FIELDS = 'Hide Empty Fields';
export const REVEAL_FAILED = 'Failed to reveal field.';

export type FieldValue = string | number | boolean | null | undefined;
export type CensoredObjectType = components['schemas']['CensoredObjectType'];

/** The object whose formatted data a list shows, so a censored-but-viewable field can be revealed. */
export interface FieldOwner {
  object_type: CensoredObjectType;
  object_id: number;
}
/** What the reveal call needs for one field. */
export type RevealTarget = FieldOwner & { data_setting_id: number };

/** One row of a field list. `href` makes the value a link inside the console; `reveal` offers Reveal on a masked value. */
export interface FieldItem {
  key: string;
  label: string;
  value: FieldValue;
  href?: string | null;
  reveal?: RevealTarget;
}

export function isCensored(value: FieldValue): boolean {
  return value === CENSORED_VALUE;
}

/** Empty: no value, or only whitespace. A censored value is not empty: the field has data. */
export function isEmptyValue(value: FieldValue): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** A value as text: booleans Yes/No, numbers grouped, instants in the long format and the agent's zone. */
export function formatFieldValue(value: FieldValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value.toLocaleString('en-US', { maximumFractionDigits: 6 });
  if (isInstant(value)) return longTime(value);
  return value;
}

/**
 * Rows of formatted data, in label order (ties by setting id), optionally only those of some flows.
 * With the owner, masked fields the server marks revealable can be revealed.
 */
export function fieldsFromFormattedData(data: FormattedData | null | undefined, flows?: ReadonlyArray<Flow | null>, owner?: FieldOwner): FieldItem[] {
  const entries = Object.entries(data ?? {}).filter(([, v]) => !flows || flows.includes(v.flow ?? null));
  return entries
    .sort(([ka, a], [kb, b]) => a.name_readable.localeCompare(b.name_readable) || Number(ka) - Number(kb))
    .map(([key, v]) => ({
      key: `fd:${key}`,
      label: v.name_readable,
      value: v.formatted_value,
      ...(owner && v.revealable && isCensored(v.formatted_value) ? { reveal: { ...owner, data_setting_id: Number(key) } } : {}),
    }));
}

/** Sending, Receiving and Other rows of formatted data: a field without a flow counts as Other. */
export function fieldsByFlow(data: FormattedData | null | undefined, owner?: FieldOwner): Record<'sending' | 'receiving' | 'other', FieldItem[]> {
  return {
    sending: fieldsFromFormattedData(data, ['OUTBOUND'], owner),
    receiving: fieldsFromFormattedData(data, ['INBOUND'], owner),
    other: fieldsFromFormattedData(data, ['OTHER', null], owner),
  };
}

/** The rows to show: all of them, or only those with a value. */
export function visibleFields(fields: readonly FieldItem[], showEmpty: boolean): FieldItem[] {
  return showEmpty ? [...fields] : fields.filter((f) => !isEmptyValue(f.value));
}
