// Texts and limits of the Data Setting panel (spec part 2, sections 3, 5 and 9). The quoted texts
// are the spec's, verbatim; the others are ours (docs/decisions.md). The texts and limits of the
// rules the server enforces too live in core/data-settings/rules.ts.
import type { components } from '../../../../openapi/schema';

export type DataSetting = components['schemas']['DataSetting'];
export type DataSettingType = components['schemas']['DataSettingType'];
export type DataClassifier = components['schemas']['DataClassifier'];
export type Censorship = components['schemas']['CensorshipSetting'];
export type FlowDirection = components['schemas']['FlowDirection'];
export type DataSettingCreate = components['schemas']['DataSettingCreate'];
export type DataSettingUpdate = components['schemas']['DataSettingUpdate'];

// Spec texts.
export const DIRECTIONALITY_REQUIRED = 'Directionality is required.';
export const ADD_TITLE = 'Add Custom Data Setting';
export const EDIT_TITLE = 'Edit Data Setting';

// Our texts where the spec names the rule but not its words.
export const ENUM_EMPTY = 'Type a value to add.';
export const ENCRYPTED_TEXT_ONLY = 'Encrypted censorship is available for text settings only.';
export const keyPathWhitespaceWarning = (part: string) => `Key path part "${part}" has leading or trailing whitespace.`;

/** Recent values and enum lists show 10 at a time (spec part 2, section 9). */
export const LIST_PAGE = 10;

export const CLASSIFIERS: readonly DataClassifier[] = ['entity', 'event', 'instrument', 'alert', 'address', 'watchlist'];
export const CLASSIFIER_LABELS: Record<DataClassifier, string> = {
  entity: 'Entity',
  event: 'Event',
  instrument: 'Instrument',
  alert: 'Alert',
  address: 'Address',
  watchlist: 'Watchlist',
};
export const DATA_TYPES: readonly DataSettingType[] = ['text', 'number', 'enum', 'date-time', 'boolean', 'entity_reference', 'instrument_reference'];
export const DATA_TYPE_LABELS: Record<DataSettingType, string> = {
  text: 'Text',
  number: 'Number',
  enum: 'Enum',
  'date-time': 'Date-time',
  boolean: 'Boolean',
  entity_reference: 'Entity reference',
  instrument_reference: 'Instrument reference',
};
export const CENSORSHIP_LABELS: Record<Censorship, string> = {
  always_visible: 'Always visible',
  censored_viewable: 'Censored but viewable',
  censored: 'Censored',
  encrypted: 'Encrypted',
};
export const FLOW_LABELS: Record<FlowDirection, string> = { OUTBOUND: 'Sending', INBOUND: 'Receiving', OTHER: 'Other' };
