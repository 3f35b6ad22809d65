import { sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import type { Principal } from '../../auth/principal.js';
import type { Db } from '../../db/client.js';
import { preparedRows } from '../../db/sql.js';
import { principalTeamIds, settingAccess, shownValue } from './access.js';
import { ENCRYPTED_PREFIX } from './encryption.js';
import { CENSORED_VALUE } from './mask.js';

/**
 * The reader of investigation objects (entities, instruments, transaction and action events) and
 * the formatted data they are shown: every data setting's censorship applied for that reader.
 */

type FormattedData = components['schemas']['FormattedData'];

interface SettingRow {
  id: number;
  user_facing_label: string;
  configured_flow: string | null;
  censorship_setting: string;
  team_ids: number[];
  agent_ids: number[];
}

/** Who is reading, with what they need to see censored fields. */
export interface Viewer {
  principal: Principal;
  orgId: number;
  settings: Map<string, SettingRow>;
  teamIds: Set<number>;
}

export async function loadViewer(db: Db, principal: Principal): Promise<Viewer> {
  const [settings, teams] = await Promise.all([
    preparedRows<SettingRow>(
      db,
      sql`select id, user_facing_label, configured_flow, censorship_setting,
        team_ids_with_censorship_read_permission as team_ids, agent_ids_with_censorship_read_permission as agent_ids
        from data_settings where org_id = ${principal.orgId}`,
    ),
    principalTeamIds(db, principal),
  ]);
  return {
    principal,
    orgId: principal.orgId,
    settings: new Map(settings.map((s) => [String(s.id), s])),
    teamIds: teams,
  };
}

const FLOWS = new Set(['OUTBOUND', 'INBOUND', 'OTHER']);

/**
 * A reader of one field's stored value (a stored field's `formatted_value`; see storedFieldValue),
 * shown as formattedData() shows it to the viewer (the same censorship), without building the rest:
 * exports read a few fields of a million rows.
 */
export function fieldValueReader(viewer: Viewer, key: string): (stored: unknown) => string | number | boolean | null {
  const { access } = fieldAccess(viewer, key);
  return (stored) => {
    const value = shownValue(stored, access).value;
    return value !== null && typeof value === 'object' ? JSON.stringify(value) : (value as string | number | boolean | null);
  };
}

/** A field's setting and the viewer's access to it (null: no setting, shown as stored). */
function fieldAccess(viewer: Viewer, key: string) {
  const setting = viewer.settings.get(key);
  return { setting, access: setting ? settingAccess(viewer.principal, viewer.teamIds, setting) : null };
}

/**
 * One field's value as formattedData() shows it to the viewer, made by SQL from its stored value
 * (storedFieldValue), for PostgreSQL's own CSV: the value as text where the viewer may read it,
 * the mask where they may not (null stays null). Null, the SQL, when only the server can make the
 * value: a field the viewer may read whose setting encrypts it (decrypted with the server's key).
 * A value still encrypted from an earlier setting is masked here (the server would decrypt it):
 * an export never shows more than the list.
 */
export function fieldValueText(viewer: Viewer, key: string, stored: SQL): SQL | null {
  const { setting, access } = fieldAccess(viewer, key);
  const text = sql`((${stored}) #>> '{}')`;
  if (access === 'read' || access === null) {
    if (access === 'read' && setting?.censorship_setting === 'ENCRYPTED') return null;
    return sql`case when ${text} like ${`${ENCRYPTED_PREFIX}%`} then ${CENSORED_VALUE} else ${text} end`;
  }
  return sql`case when ${text} is null then null else ${CENSORED_VALUE} end`;
}

/**
 * fieldValueText with the kind of its value first, for a spreadsheet's cell (server/modules/exports
 * csv-cells.ts): "n" before a number's text, "b" before a boolean's, "s" before any other text and
 * before the mask (null stays null). Null when fieldValueText is.
 */
export function fieldValueTyped(viewer: Viewer, key: string, stored: SQL): SQL | null {
  const text = fieldValueText(viewer, key, stored);
  if (text === null) return null;
  const { access } = fieldAccess(viewer, key);
  // a masked value is text whatever its kind; a readable one keeps its kind (a string still
  // encrypted is masked, and a string)
  const kind = access === 'read' || access === null ? sql`case jsonb_typeof(${stored}) when 'number' then 'n' when 'boolean' then 'b' else 's' end` : sql`'s'`;
  return sql`(${kind} || ${text})`;
}

/**
 * SQL for one field's stored value in a row's formatted data (`formatted_value` of a stored
 * object, the stored scalar itself otherwise, null when absent), as jsonb: what formattedData()
 * reads before censoring, selected alone so that the rest of the data is neither sent nor parsed.
 */
export function storedFieldValue(column: SQL, key: string): SQL {
  return sql`case when jsonb_typeof(${column} -> ${key}::text) = 'object' then ${column} -> ${key}::text -> 'formatted_value' else ${column} -> ${key}::text end`;
}

/** Normalises stored formatted data to the contract shape and applies censorship for the viewer. */
export function formattedData(raw: unknown, viewer: Viewer): FormattedData {
  const out: FormattedData = {};
  if (!raw || typeof raw !== 'object') return out;
  for (const [key, stored] of Object.entries(raw as Record<string, unknown>)) {
    if (!/^[0-9]+$/.test(key)) continue;
    const v = (stored && typeof stored === 'object' ? stored : { formatted_value: stored }) as Record<string, unknown>;
    const setting = viewer.settings.get(key);
    // decrypted (or masked) before anything else reads it, so ciphertext never reaches an answer
    const shown = shownValue(v.formatted_value, setting ? settingAccess(viewer.principal, viewer.teamIds, setting) : null);
    let value = shown.value;
    if (value !== null && typeof value === 'object') value = JSON.stringify(value);
    const flow =
      typeof v.flow === 'string' && FLOWS.has(v.flow)
        ? v.flow
        : setting?.configured_flow && FLOWS.has(setting.configured_flow)
          ? setting.configured_flow
          : null;
    out[key] = {
      formatted_value: value as string | number | boolean | null,
      flow: flow as FormattedData[string]['flow'],
      name_readable: typeof v.name_readable === 'string' ? v.name_readable : (setting?.user_facing_label ?? key),
      external_id: typeof v.external_id === 'string' ? v.external_id : null,
      id: typeof v.id === 'number' && Number.isInteger(v.id) ? v.id : null,
      ...(shown.revealable ? { revealable: true } : {}),
    };
  }
  return out;
}
