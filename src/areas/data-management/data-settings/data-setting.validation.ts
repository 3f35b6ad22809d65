// Every rule of the Data Setting panel (spec part 2, sections 5 and 6) as pure functions, so the
// panel and its unit tests agree. The rules the server enforces too (key path, label, enum values,
// URL prefix) are core/data-settings/rules.ts, with the same texts on both sides.
import {
  ENUM_CAP,
  ENUM_CAP_TEXT,
  ENUM_DUPLICATE,
  keyPathParts,
  validateEnumValues,
  validateKeyPath,
  validateLabel,
  validateUrlPrefix as urlPrefixProblem,
} from '../../../../core/data-settings/rules';
import {
  CLASSIFIERS,
  DIRECTIONALITY_REQUIRED,
  ENCRYPTED_TEXT_ONLY,
  ENUM_EMPTY,
  keyPathWhitespaceWarning,
  type Censorship,
  type DataClassifier,
  type DataSetting,
  type DataSettingType,
  type FlowDirection,
} from './data-setting.constants';

/** What the panel's form holds: text inputs keep exactly what was typed. */
export interface DataSettingForm {
  keyPath: string;
  label: string;
  description: string;
  classifier: DataClassifier;
  dataType: DataSettingType;
  exported: boolean;
  matchable: boolean;
  configuredFlow: FlowDirection | '';
  semanticType: string;
  censorship: Censorship;
  teamIds: number[];
  agentIds: number[];
  enumSet: string[];
  precision: string;
  timezone: string;
  isUrl: boolean;
  urlPrefix: string;
  urlPostfix: string;
  referenceDisplayFields: string[];
}

export type FormField = 'keyPath' | 'label' | 'configuredFlow' | 'urlPrefix' | 'enumSet' | 'censorship';
export type FormErrors = Partial<Record<FormField, string>>;

export const isReferenceType = (t: DataSettingType) => t === 'entity_reference' || t === 'instrument_reference';

// --- Key path (validateKeyPath is core/data-settings/rules.ts) ---

/** A warning (not an error) for each part with leading or trailing whitespace. */
export function keyPathWarnings(keyPath: string): string[] {
  return keyPathParts(keyPath)
    .filter((p) => p.trim() && p !== p.trim())
    .map(keyPathWhitespaceWarning);
}

// --- Rendering options ---

export function validateUrlPrefix(isUrl: boolean, prefix: string): string | null {
  return isUrl ? urlPrefixProblem(prefix) : null;
}

/** Prefix and postfix are dropped when is_url is false; empty reference display fields are dropped. */
export function renderingOptions(form: DataSettingForm): Record<string, unknown> {
  const type = form.dataType;
  if (type === 'number') return form.precision.trim() === '' ? {} : { precision: Number(form.precision) };
  if (type === 'date-time') return form.timezone ? { timezone: form.timezone } : {};
  if (type === 'text') {
    if (!form.isUrl) return { is_url: false };
    return { is_url: true, url_prefix: form.urlPrefix || null, url_postfix: form.urlPostfix || null };
  }
  if (isReferenceType(type)) {
    const fields = form.referenceDisplayFields.map((f) => f.trim()).filter(Boolean);
    return fields.length ? { reference_display_fields: fields } : {};
  }
  return {};
}

// --- Directionality ---

/** Directionality is required for event-object reference settings that are not native. */
export function needsDirectionality(keyType: DataSetting['key_type'], classifier: DataClassifier, dataType: DataSettingType) {
  return keyType === 'CUSTOM' && classifier === 'event' && isReferenceType(dataType);
}

export function validateDirectionality(keyType: DataSetting['key_type'], form: DataSettingForm): string | null {
  return needsDirectionality(keyType, form.classifier, form.dataType) && !form.configuredFlow ? DIRECTIONALITY_REQUIRED : null;
}

// --- Enum values ---

/**
 * Whether a typed value can join the enum list: values are case-sensitive ("Gold" and "gold" are
 * two values), and at the cap the add option says "Cannot add any more values".
 */
export function enumAddProblem(values: readonly string[], typed: string): string | null {
  if (values.length >= ENUM_CAP) return ENUM_CAP_TEXT;
  if (typed.trim() === '') return ENUM_EMPTY;
  if (values.includes(typed)) return ENUM_DUPLICATE;
  return null;
}

export function validateEnumSet(dataType: DataSettingType, values: readonly string[]): string | null {
  return dataType === 'enum' ? validateEnumValues(values) : null;
}

// --- Censorship ---

/**
 * Encrypted is offered only for text types and with the encrypted_censorship flag, never for native
 * settings (their values are columns the product indexes and matches); alert settings are always visible.
 */
export function censorshipOptions(
  classifier: DataClassifier,
  dataType: DataSettingType,
  encryptedFlag: boolean,
  keyType: DataSetting['key_type'] = 'CUSTOM',
): Censorship[] {
  if (classifier === 'alert') return ['always_visible'];
  const options: Censorship[] = ['always_visible', 'censored_viewable', 'censored'];
  if (dataType === 'text' && encryptedFlag && keyType !== 'NATIVE') options.push('encrypted');
  return options;
}

export function validateCensorship(form: DataSettingForm): string | null {
  return form.censorship === 'encrypted' && form.dataType !== 'text' ? ENCRYPTED_TEXT_ONLY : null;
}

/** Alert settings are forced to always visible; read lists are cleared unless the setting is censored. */
export function effectiveCensorship(form: Pick<DataSettingForm, 'classifier' | 'censorship' | 'teamIds' | 'agentIds'>) {
  const censorship: Censorship = form.classifier === 'alert' ? 'always_visible' : form.censorship;
  const censored = censorship !== 'always_visible';
  return { censorship, teamIds: censored ? form.teamIds : [], agentIds: censored ? form.agentIds : [] };
}

// --- Locks ---

export interface LockContext {
  mode: 'add' | 'edit';
  keyType: DataSetting['key_type'];
  /** The data type as stored (edit) or chosen (add). */
  storedType: DataSettingType;
  /** The provider's implementation team: agents with the internal_staff flag. */
  isInternal: boolean;
  canEdit: boolean;
}

export interface Locks {
  /** Everything is read-only (no edit permission, or a reference setting for a customer). */
  all: boolean;
  keyPath: boolean;
  dataType: boolean;
  exported: boolean;
  /** Implementation settings: directionality, semantic type, graph (matchable). */
  configuredFlow: boolean;
  semanticType: boolean;
  matchable: boolean;
}

export function fieldLocks({ mode, keyType, storedType, isInternal, canEdit }: LockContext): Locks {
  // Reference settings can be changed only by the provider after creation.
  const all = !canEdit || (mode === 'edit' && isReferenceType(storedType) && !isInternal);
  const native = keyType === 'NATIVE';
  return {
    all,
    keyPath: all || mode === 'edit',
    dataType: all || native,
    exported: all || native,
    // Directionality is required when adding an event reference, so the agent adding it sets it.
    configuredFlow: all || (mode === 'edit' && !isInternal),
    semanticType: all || !isInternal,
    matchable: all || !isInternal,
  };
}

// --- The whole form ---

export function validateForm(form: DataSettingForm, mode: 'add' | 'edit', keyType: DataSetting['key_type']): FormErrors {
  const errors: FormErrors = {};
  if (mode === 'add') {
    const keyPath = validateKeyPath(form.keyPath);
    if (keyPath) errors.keyPath = keyPath;
  }
  const label = validateLabel(form.label);
  if (label) errors.label = label;
  const flow = validateDirectionality(keyType, form);
  if (flow) errors.configuredFlow = flow;
  const prefix = form.dataType === 'text' ? validateUrlPrefix(form.isUrl, form.urlPrefix) : null;
  if (prefix) errors.urlPrefix = prefix;
  const enums = validateEnumSet(form.dataType, form.enumSet);
  if (enums) errors.enumSet = enums;
  const censorship = validateCensorship(form);
  if (censorship) errors.censorship = censorship;
  return errors;
}

export const isClassifier = (value: string): value is DataClassifier => (CLASSIFIERS as readonly string[]).includes(value);
