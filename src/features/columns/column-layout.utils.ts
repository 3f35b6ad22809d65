// Pure helpers of the Choose Columns modal: identity, comparison, search and moves.
import type { components } from '../../../openapi/schema';

export type ColumnDefinition = components['schemas']['ColumnDefinition'];
export type ColumnDefinitionInput = components['schemas']['ColumnDefinitionInput'];

/** One id per column: a data setting column by its setting, a native one by its key (the server's identity too). */
export function columnId(c: Pick<ColumnDefinition, 'key' | 'key_type' | 'data_setting_id'>): string {
  return c.key_type === 'data_setting' ? `setting:${c.data_setting_id}` : `native:${c.key}`;
}

/** Whether two arrangements differ in what is shown: the order of the columns or their visibility. */
export function sameLayout(a: readonly ColumnDefinition[], b: readonly ColumnDefinition[]): boolean {
  return a.length === b.length && a.every((c, i) => columnId(c) === columnId(b[i]) && c.hidden === b[i].hidden);
}

/** Search by label or description, case-insensitive; an empty search matches every column. */
export function matchesSearch(c: Pick<ColumnDefinition, 'label' | 'description'>, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return true;
  return c.label.toLocaleLowerCase().includes(needle) || (c.description ?? '').toLocaleLowerCase().includes(needle);
}

export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

export function toInput(columns: readonly ColumnDefinition[]): ColumnDefinitionInput[] {
  return columns.map((c) => ({
    key: c.key,
    key_type: c.key_type,
    data_setting_id: c.data_setting_id,
    label: c.label,
    description: c.description,
    hidden: c.hidden,
  }));
}
