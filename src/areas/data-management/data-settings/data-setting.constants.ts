// Texts and limits of the Data Setting panel (spec part 2, sections 3, 5 and 9). The quoted texts
// are the spec's, verbatim; the others are ours (docs/decisions.md) and the server answers with the
// same ones (server/routes/data-settings.rules.ts).
import type { components } from '../../../../openapi/schema';

export type DataSetting = components['schemas']['DataSetting'];
export type DataSettingType = components['schemas']['DataSettingType'];
export type DataClassifier = components['schemas']['DataClassifier'];
export type Censorship = components['schemas']['CensorshipSetting'];
export type FlowDirection = components['schemas']['FlowDirection'];
export type DataSettingCreate = components['schemas']['DataSettingCreate'];
export type DataSettingUpdate = components['schemas']['DataSettingUpdate'];

// Spec texts.
export const URL_PREFIX_INVALID = 'URL prefix must begin with https:// in order to be valid';
export const DIRECTIONALITY_REQUIRED = 'Directionality is required.';
export const ENUM_CAP_TEXT = 'Cannot add any more values';
export const ADD_TITLE = 'Add Custom Data Setting';
export const EDIT_TITLE = 'Edit Data Setting';

// Our texts where the spec names the rule but not its words.
export const KEY_PATH_REQUIRED = 'Key path is required.';
export const KEY_PATH_EMPTY_PART = 'Key path parts cannot be empty.';
export const KEY_PATH_CHARACTERS = 'Key path parts may contain only letters, digits, spaces, hyphens and underscores.';
export const KEY_PATH_TOO_DEEP = 'Key path can have at most 10 parts.';
export const KEY_PATH_TOO_LONG = 'Key path can have at most 512 characters.';
export const LABEL_REQUIRED = 'Label is required.';
export const ENUM_DUPLICATE = 'This value is already in the list.';
export const ENUM_EMPTY = 'Type a value to add.';
export const ENUM_REQUIRED = 'An enum data setting needs at least one value.';
export const ENCRYPTED_TEXT_ONLY = 'Encrypted censorship is available for text settings only.';
export const keyPathWhitespaceWarning = (part: string) => `Key path part "${part}" has leading or trailing whitespace.`;

/** Potential values an enum setting may have (spec: "capped", value not shown). */
export const ENUM_CAP = 100;
export const KEY_PATH_MAX_PARTS = 10;
export const KEY_PATH_MAX_LENGTH = 512;
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
