// A column's target as one select value ("ignored", "native:amount", "setting:42") and back.
import type { StreamMapping } from '../../../api/streams/queries';
import type { StreamMappingInput } from '../../../api/streams/mutations';

type Column = StreamMapping['columns'][number];

export const IGNORED = 'ignored';

export function targetValue(column: Pick<Column, 'target' | 'native_field' | 'data_setting_id'>): string {
  if (column.target === 'native' && column.native_field) return `native:${column.native_field}`;
  if (column.target === 'data_setting' && column.data_setting_id !== null) return `setting:${column.data_setting_id}`;
  return IGNORED;
}

export function columnInput(column: string, value: string): StreamMappingInput['columns'][number] {
  if (value.startsWith('native:')) return { column, target: 'native', native_field: value.slice('native:'.length) };
  if (value.startsWith('setting:')) return { column, target: 'data_setting', data_setting_id: Number(value.slice('setting:'.length)) };
  return { column, target: 'ignored' };
}

/** Native fields chosen by more than one column (the server refuses them; the tab says so first). */
export function doubledNativeFields(values: Record<string, string>): string[] {
  const seen = new Map<string, number>();
  for (const value of Object.values(values)) if (value.startsWith('native:')) seen.set(value, (seen.get(value) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([value]) => value.slice('native:'.length));
}

/** Required native fields no column fills: every row would fail with a conditional required field error. */
export function missingRequired(mapping: Pick<StreamMapping, 'native_fields'>, values: Record<string, string>): string[] {
  const chosen = new Set(Object.values(values));
  return mapping.native_fields.filter((f) => f.required && !chosen.has(`native:${f.field}`)).map((f) => f.label);
}
