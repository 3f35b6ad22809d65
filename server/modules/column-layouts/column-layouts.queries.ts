// Column layouts per agent and table (getColumnLayout, saveColumnLayout, resetColumnLayout): the
// table's current columns, the caller's saved arrangement over them, and the checks on a save.
import { sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import type { Principal } from '../../auth/principal.js';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { firstRow, rows } from '../../db/sql.js';
import { arrange, columnIdentity, nativeColumns, settingBelongsTo, TABLES, toColumn, type ColumnDefinition } from './tables.js';

type LayoutInput = components['schemas']['ColumnLayoutInput'];
export type ColumnLayout = components['schemas']['ColumnLayout'];

export function tableDef(tableId: string) {
  const table = Object.hasOwn(TABLES, tableId) ? TABLES[tableId] : undefined;
  if (!table) throw notFound('Table');
  return table;
}

/** The organisation's CUSTOM data settings that have a column in the table (native settings are the native columns). */
async function customSettings(db: Db, principal: Principal, tableId: string) {
  const table = tableDef(tableId);
  if (!table.prefix && table.classifiers.length === 0) return [];
  const settings = await rows<{ id: number; key_path: string; data_classifier: string; user_facing_label: string; description: string | null }>(
    db,
    sql`select id, key_path, data_classifier, user_facing_label, description from data_settings
      where org_id = ${principal.orgId} and key_type = 'CUSTOM' order by user_facing_label, id`,
  );
  return settings.filter((s) => settingBelongsTo(table, s.key_path, s.data_classifier));
}

/** The table's columns as they are now, in the default order and visibility. */
export async function defaultLayout(db: Db, principal: Principal, tableId: string): Promise<ColumnDefinition[]> {
  const table = tableDef(tableId);
  const custom = await customSettings(db, principal, tableId);
  return [
    ...nativeColumns(table),
    ...custom.map((s) => ({
      key: s.key_path,
      key_type: 'data_setting' as const,
      data_setting_id: s.id,
      label: s.user_facing_label,
      description: s.description,
      hidden: true,
    })),
  ];
}

async function savedColumns(db: Db, principal: Principal, tableId: string) {
  const saved = await firstRow<{ columns: unknown }>(
    db,
    sql`select columns from column_layouts where org_id = ${principal.orgId} and agent_id = ${principal.agentId} and table_id = ${tableId}`,
  );
  if (!saved) return null;
  return Array.isArray(saved.columns) ? (saved.columns as Record<string, unknown>[]).map(toColumn) : [];
}

/** The caller's layout: the saved arrangement over the current columns, or the default. */
export async function layoutFor(db: Db, principal: Principal, tableId: string): Promise<ColumnLayout> {
  const current = await defaultLayout(db, principal, tableId);
  const saved = await savedColumns(db, principal, tableId);
  if (!saved) return { table_id: tableId, columns: current, is_default: true };
  return { table_id: tableId, columns: arrange(current, saved), is_default: false };
}

/**
 * Checks a layout against the table's current columns and answers what to store: every column must
 * be one of the table's (a native key, or a CUSTOM data setting of the caller's organisation that
 * belongs to the table, keyed by its key path), named once, and at least one must be visible.
 */
export async function checkLayout(db: Db, principal: Principal, tableId: string, input: LayoutInput): Promise<ColumnDefinition[]> {
  const current = await defaultLayout(db, principal, tableId);
  const known = new Map(current.map((c) => [columnIdentity(c), c]));
  const seen = new Set<string>();
  input.columns.forEach((c, i) => {
    const path = `body/columns/${i}`;
    if (c.key_type === 'native') {
      if (c.data_setting_id != null)
        throw badRequest('A native column has no data_setting_id.', [{ path: `${path}/data_setting_id`, message: 'must be null for a native column' }]);
      if (!known.has(columnIdentity({ ...c, data_setting_id: null }))) {
        throw badRequest(`The ${tableId} table has no column ${c.key}.`, [{ path: `${path}/key`, message: 'is not a column of the table' }]);
      }
    } else {
      const column = known.get(columnIdentity({ ...c, data_setting_id: c.data_setting_id ?? null }));
      if (!column) {
        throw badRequest(`Data setting ${c.data_setting_id} has no column in the ${tableId} table.`, [
          { path: `${path}/data_setting_id`, message: 'is not a data setting of this table' },
        ]);
      }
      if (c.key !== column.key)
        throw badRequest(`A data setting column's key is its key path (${column.key}).`, [
          { path: `${path}/key`, message: "must be the data setting's key_path" },
        ]);
    }
    const id = columnIdentity({ ...c, data_setting_id: c.data_setting_id ?? null });
    if (seen.has(id)) throw badRequest(`Column ${c.key} appears twice.`, [{ path: `${path}/key`, message: 'is a duplicate' }]);
    seen.add(id);
  });
  if (input.columns.every((c) => c.hidden))
    throw badRequest('A layout shows at least one column.', [{ path: 'body/columns', message: 'must have a visible column' }]);
  // Stored as the seed stores layouts (key_type upper-case); labels are the table's own, not the caller's.
  return input.columns.map((c) => {
    const column = known.get(columnIdentity({ ...c, data_setting_id: c.data_setting_id ?? null }))!;
    return { ...column, hidden: c.hidden };
  });
}

export const storedColumns = (columns: ColumnDefinition[]) => columns.map((c) => ({ ...c, key_type: c.key_type.toUpperCase() }));

export async function deleteLayout(db: Db, principal: Principal, tableId: string): Promise<boolean> {
  const removed = await rows<{ table_id: string }>(
    db,
    sql`delete from column_layouts where org_id = ${principal.orgId} and agent_id = ${principal.agentId} and table_id = ${tableId} returning table_id`,
  );
  return removed.length > 0;
}
