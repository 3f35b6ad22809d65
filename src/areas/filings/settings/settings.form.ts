// The organisation's filing settings as two forms of text fields keyed by their place in the call's
// body (`profile.transmitter.address.zip`, `location.postal_code`): the FinCEN filer profile (GET/PUT
// /api/filings/settings) and the FINTRAC reporting entity (GET/PUT /api/fintrac/settings). A 400's
// detail (`body/profile/transmitter/tin`) lands at the field of that key.
import type { FilingSettings, FintracSettings } from '../../../api/filings/fintrac';

export type FieldKind = 'text' | 'number' | 'checkbox' | 'select' | 'email' | 'tel';

export interface FieldSpec {
  key: string;
  label: string;
  kind?: FieldKind;
  maxLength?: number;
  hint?: string;
  options?: ReadonlyArray<{ value: string; label: string }>;
}

export interface FieldGroup {
  legend: string;
  fields: readonly FieldSpec[];
}

export type SettingsForm = Record<string, string | boolean>;

const address = (prefix: string, state: string, zip: string): FieldSpec[] => [
  { key: `${prefix}.street`, label: 'Street address', maxLength: 100 },
  { key: `${prefix}.city`, label: 'City', maxLength: 50 },
  { key: `${prefix}.${state}`, label: state === 'province' ? 'Province or territory' : 'State or province', maxLength: 3, hint: 'Two letters.' },
  { key: `${prefix}.${zip}`, label: zip === 'postal_code' ? 'Postal code' : 'ZIP or postal code', maxLength: zip === 'postal_code' ? 10 : 9 },
  { key: `${prefix}.country`, label: 'Country', maxLength: 2, hint: 'Two letters, e.g. US or CA.' },
];

export const FINCEN_GROUPS: readonly FieldGroup[] = [
  {
    legend: 'Transmitter',
    fields: [
      { key: 'profile.transmitter.name', label: 'Name', maxLength: 150 },
      { key: 'profile.transmitter.tin', label: 'TIN', maxLength: 25 },
      { key: 'profile.transmitter.tcc', label: 'Transmitter Control Code', maxLength: 8 },
      ...address('profile.transmitter.address', 'state', 'zip'),
      { key: 'profile.transmitter.phone', label: 'Phone', kind: 'tel', maxLength: 16 },
      { key: 'profile.transmitter.contactName', label: 'Contact name', maxLength: 150 },
    ],
  },
  {
    legend: 'Filing institution',
    fields: [
      { key: 'profile.institution.legalName', label: 'Legal name', maxLength: 150 },
      { key: 'profile.institution.tin', label: 'TIN', maxLength: 25 },
      {
        key: 'profile.institution.tinType',
        label: 'TIN type',
        kind: 'select',
        options: [
          { value: '', label: 'Not chosen' },
          { value: 'EIN', label: 'EIN' },
          { value: 'SSN_ITIN', label: 'SSN/ITIN' },
          { value: 'FOREIGN', label: 'Foreign' },
        ],
      },
      { key: 'profile.institution.primaryRegulator', label: 'Primary federal regulator', maxLength: 2, hint: 'FinCEN’s code.' },
      { key: 'profile.institution.institutionType', label: 'Institution type', maxLength: 3, hint: 'FinCEN’s code.' },
      { key: 'profile.institution.rssd', label: 'RSSD number', maxLength: 25 },
      ...address('profile.institution.address', 'state', 'zip'),
      { key: 'profile.institution.contactOffice.name', label: 'Contact office', maxLength: 150 },
      { key: 'profile.institution.contactOffice.phone', label: 'Contact office phone', kind: 'tel', maxLength: 16 },
    ],
  },
  {
    legend: 'Filing',
    fields: [
      { key: 'continuing_activity_days', label: 'Continuing activity review after (days)', kind: 'number', hint: 'From 1 to 365.' },
      { key: 'max_send_attempts', label: 'Send attempts before a batch fails', kind: 'number', hint: 'From 1 to 20.' },
    ],
  },
];

export const FINTRAC_GROUPS: readonly FieldGroup[] = [
  {
    legend: 'Reporting entity',
    fields: [
      { key: 'reporting_entity_number', label: 'Reporting entity number', maxLength: 7, hint: 'The 7 digits FINTRAC enrolled you with.' },
      { key: 'entity_name', label: 'Name', maxLength: 200 },
    ],
  },
  {
    legend: 'Location where the transactions take place',
    fields: address('location', 'province', 'postal_code').map((f) => (f.key.endsWith('.street') || f.key.endsWith('.city') ? { ...f, maxLength: 200 } : f)),
  },
  {
    legend: 'Contact for FINTRAC’s questions',
    fields: [
      { key: 'contact.name', label: 'Contact name', maxLength: 200 },
      { key: 'contact.email', label: 'Contact e-mail', kind: 'email', maxLength: 200 },
      { key: 'contact.phone', label: 'Contact phone', kind: 'tel', maxLength: 20 },
    ],
  },
  {
    legend: 'Reporting',
    fields: [
      { key: 'lctr_enabled', label: 'Draft large cash transaction reports every day', kind: 'checkbox' },
      { key: 'max_send_attempts', label: 'Send attempts before a batch fails', kind: 'number', hint: 'From 1 to 20.' },
    ],
  },
];

const fieldsOf = (groups: readonly FieldGroup[]) => groups.flatMap((g) => g.fields);

function read(data: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((at, part) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined), data);
}

function formOf(groups: readonly FieldGroup[], data: unknown): SettingsForm {
  const form: SettingsForm = {};
  for (const f of fieldsOf(groups)) {
    const v = read(data, f.key);
    form[f.key] = f.kind === 'checkbox' ? v === true : typeof v === 'string' || typeof v === 'number' ? String(v) : '';
  }
  return form;
}

function write(target: Record<string, unknown>, key: string, value: unknown) {
  const parts = key.split('.');
  let at = target;
  for (const part of parts.slice(0, -1)) {
    at[part] ??= {};
    at = at[part] as Record<string, unknown>;
  }
  at[parts[parts.length - 1]] = value;
}

const str = (form: SettingsForm, key: string) => String(form[key] ?? '').trim();
const nullable = (form: SettingsForm, key: string) => str(form, key) || null;
const upper = (form: SettingsForm, key: string) => str(form, key).toUpperCase() || null;

export const fincenForm = (settings: FilingSettings) => formOf(FINCEN_GROUPS, settings);
export const fintracForm = (settings: FintracSettings) => formOf(FINTRAC_GROUPS, settings);

const NULLABLE_PROFILE = /\.address\.|\.rssd$/;
const CODES = /\.(state|country)$/;

/** The FinCEN settings' body: no profile while every field of it is empty. */
export function fincenBody(form: SettingsForm): FilingSettings {
  const profileKeys = fieldsOf(FINCEN_GROUPS)
    .map((f) => f.key)
    .filter((k) => k.startsWith('profile.'));
  const body: Record<string, unknown> = {
    profile: null,
    continuing_activity_days: Number(str(form, 'continuing_activity_days')),
    max_send_attempts: Number(str(form, 'max_send_attempts')),
  };
  if (profileKeys.some((k) => str(form, k) !== '')) {
    body.profile = {};
    for (const k of profileKeys) {
      const value = CODES.test(k) ? upper(form, k) : NULLABLE_PROFILE.test(k) ? nullable(form, k) : str(form, k);
      write(body, k, value);
    }
  }
  return body as unknown as FilingSettings;
}

/** The FINTRAC settings' body: no location while every field of it is empty. */
export function fintracBody(form: SettingsForm): FintracSettings {
  const locationKeys = ['location.street', 'location.city', 'location.province', 'location.postal_code', 'location.country'];
  return {
    reporting_entity_number: nullable(form, 'reporting_entity_number'),
    entity_name: nullable(form, 'entity_name'),
    location: locationKeys.some((k) => str(form, k) !== '')
      ? {
          street: nullable(form, 'location.street'),
          city: nullable(form, 'location.city'),
          province: upper(form, 'location.province'),
          postal_code: upper(form, 'location.postal_code'),
          country: upper(form, 'location.country'),
        }
      : null,
    contact: { name: nullable(form, 'contact.name'), email: nullable(form, 'contact.email'), phone: nullable(form, 'contact.phone') },
    lctr_enabled: form.lctr_enabled === true,
    max_send_attempts: Number(str(form, 'max_send_attempts')),
  };
}

const whole = (value: string, min: number, max: number) => /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max;

/** What the panel checks before sending (the server checks again): numbers that would not make a body. */
export function checkSettings(form: SettingsForm, groups: readonly FieldGroup[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const keys = new Set(fieldsOf(groups).map((f) => f.key));
  if (keys.has('continuing_activity_days') && !whole(str(form, 'continuing_activity_days'), 1, 365))
    errors.continuing_activity_days = 'A whole number of days from 1 to 365.';
  if (keys.has('max_send_attempts') && !whole(str(form, 'max_send_attempts'), 1, 20)) errors.max_send_attempts = 'A whole number from 1 to 20.';
  return errors;
}

/** A 400 detail's field key (`body/profile/transmitter/tin` → `profile.transmitter.tin`); null when no field of the form has it. */
export function keyOf(path: string | undefined, groups: readonly FieldGroup[]): string | null {
  if (!path) return null;
  const key = path
    .replace(/^body\/?/, '')
    .split('/')
    .join('.');
  const keys = fieldsOf(groups).map((f) => f.key);
  if (keys.includes(key)) return key;
  // a detail about an object (`body/location`) lands at its first field
  return keys.find((k) => key !== '' && k.startsWith(`${key}.`)) ?? null;
}
