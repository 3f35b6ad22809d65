import { KEY_PREFIX, NATIVE_FIELDS, nativeField, type FieldType, type NativeField, type ObjectType } from './fields.js';

/** How one column of a stream's files fills the object (the stored and answered shape). */
export interface ColumnMapping {
  column: string;
  target: 'native' | 'data_setting' | 'ignored';
  native_field: string | null;
  data_setting_id: number | null;
}

/** What the ingestion needs to know of a data setting. */
export interface SettingInfo {
  id: number;
  key_path: string;
  /** stored form: 'TEXT' | 'NUMBER' | ... */
  data_type: string;
  key_type: string;
  configured_flow: string | null;
  censorship_setting: string;
  enum_set: string[];
}

export type ColumnPlan =
  | {
      kind: 'native';
      column: string;
      field: NativeField;
      setting: SettingInfo | undefined;
    }
  | { kind: 'setting'; column: string; setting: SettingInfo; type: FieldType }
  | { kind: 'missing_setting'; column: string; settingId: number }
  | { kind: 'ignored'; column: string };

export function fieldTypeOf(stored: string): FieldType {
  return stored
    .toLowerCase()
    .replace('_', '-')
    .replace('entity-reference', 'entity_reference')
    .replace('instrument-reference', 'instrument_reference') as FieldType;
}

const norm = (s: string) => s.trim().toLowerCase();

/** A column not in the saved mapping, mapped by its name. */
export function suggest(column: string, type: ObjectType, settings: readonly SettingInfo[]): ColumnMapping {
  const name = norm(column);
  const field = NATIVE_FIELDS[type].find((f) => f.field === name || f.aliases?.includes(name));
  if (field)
    return {
      column,
      target: 'native',
      native_field: field.field,
      data_setting_id: null,
    };
  const custom = settings.filter((s) => s.key_type === 'CUSTOM');
  const prefix = KEY_PREFIX[type];
  const setting =
    custom.find((s) => norm(s.key_path) === name) ??
    custom.find((s) => norm(s.key_path) === prefix + name) ??
    custom.find((s) => s.key_path.startsWith(prefix) && norm(s.key_path.split('.').pop()!) === name);
  if (setting)
    return {
      column,
      target: 'data_setting',
      native_field: null,
      data_setting_id: setting.id,
    };
  return {
    column,
    target: 'ignored',
    native_field: null,
    data_setting_id: null,
  };
}

/** The saved mapping, then the header's other columns as suggested. */
export function effectiveMapping(
  saved: readonly ColumnMapping[],
  header: readonly string[],
  type: ObjectType,
  settings: readonly SettingInfo[],
): ColumnMapping[] {
  const named = new Set(saved.map((c) => c.column));
  const out = [...saved];
  for (const column of header) {
    if (named.has(column) || !column) continue;
    named.add(column);
    out.push(suggest(column, type, settings));
  }
  return out;
}

/** Checks a mapping to save; answers the problems (empty when it is fine). */
export function mappingProblems(columns: readonly ColumnMapping[], type: ObjectType, settings: readonly SettingInfo[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const fields = new Set<string>();
  for (const c of columns) {
    if (seen.has(c.column)) problems.push(`Column ${c.column} is mapped twice.`);
    seen.add(c.column);
    if (c.target === 'native') {
      if (!c.native_field || !nativeField(type, c.native_field)) problems.push(`Column ${c.column}: ${c.native_field ?? '(none)'} is not a field of ${type}.`);
      else if (fields.has(c.native_field)) problems.push(`Field ${c.native_field} is mapped from two columns.`);
      else fields.add(c.native_field);
    } else if (c.target === 'data_setting') {
      const s = settings.find((x) => x.id === c.data_setting_id);
      if (!s || s.key_type !== 'CUSTOM')
        problems.push(`Column ${c.column}: data setting ${c.data_setting_id ?? '(none)'} is not a custom data setting of the organisation.`);
    }
  }
  return problems;
}

/** Column by column, how a file's header is read. */
export function planColumns(header: readonly string[], mapping: readonly ColumnMapping[], type: ObjectType, settings: readonly SettingInfo[]): ColumnPlan[] {
  const byColumn = new Map(mapping.map((m) => [m.column, m]));
  const byId = new Map(settings.map((s) => [s.id, s]));
  const nativeSetting = new Map(settings.filter((s) => s.key_type === 'NATIVE').map((s) => [s.key_path, s]));
  const used = new Set<string>();
  return header.map((column) => {
    const m = byColumn.get(column) ?? suggest(column, type, settings);
    if (m.target === 'native' && m.native_field) {
      const field = nativeField(type, m.native_field);
      // the first column naming a field fills it; a second one is read as ignored
      if (field && !used.has(field.field)) {
        used.add(field.field);
        return {
          kind: 'native',
          column,
          field,
          setting: nativeSetting.get(KEY_PREFIX[type] + field.field),
        };
      }
    }
    if (m.target === 'data_setting' && m.data_setting_id) {
      const setting = byId.get(m.data_setting_id);
      if (!setting || setting.key_type !== 'CUSTOM')
        return {
          kind: 'missing_setting',
          column,
          settingId: m.data_setting_id,
        };
      return {
        kind: 'setting',
        column,
        setting,
        type: fieldTypeOf(setting.data_type),
      };
    }
    return { kind: 'ignored', column };
  });
}
