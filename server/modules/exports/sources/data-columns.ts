import { sql } from 'drizzle-orm';
import type { components } from '../../../../openapi/schema.js';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { rows } from '../../../db/sql.js';
import type { Cell } from '../writer.js';

type FormattedData = components['schemas']['FormattedData'];

/** One column of a file: its header and its cell of a row. */
export interface Column<Row> {
  label: string;
  value: (row: Row) => Cell;
}

/**
 * The chosen columns of a list whose rows carry formatted data: a native column by its name, a data
 * setting's column (ds:{id}) under the setting's label, its value as the list answers it (censored
 * for the caller by the list's own loader). Absent or empty, every native column; unknown names are
 * left out.
 */
export async function chosenColumns<Row extends { formatted_data: FormattedData }>(
  db: Db,
  p: Principal,
  native: Record<string, (row: Row) => Cell>,
  chosen: readonly string[] | undefined,
): Promise<Column<Row>[]> {
  const names = chosen?.length ? chosen : Object.keys(native);
  const settings = names.some((c) => c.startsWith('ds:'))
    ? await rows<{ id: number; label: string }>(db, sql`select id, user_facing_label as label from data_settings where org_id = ${p.orgId} order by id`)
    : [];
  const byId = new Map(settings.map((s) => [`ds:${s.id}`, s]));
  return names.flatMap((c): Column<Row>[] => {
    const setting = byId.get(c);
    if (setting) return [{ label: setting.label, value: (r) => r.formatted_data[String(setting.id)]?.formatted_value ?? null }];
    const value = Object.hasOwn(native, c) ? native[c] : undefined;
    return value ? [{ label: c, value }] : [];
  });
}
