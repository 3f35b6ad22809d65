import { sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import type { Principal } from '../../auth/principal.js';
import type { Db } from '../../db/client.js';
import { ApiError, badRequest, notFound } from '../../lib/errors.js';
import { firstRow, rows, idList } from '../../db/sql.js';
import { checkEnumSet, checkUrlPrefix } from './rules.js';
import {
  DATA_SETTING_SELECT,
  isReference,
  toDataSetting,
  type Censorship,
  type DataClassifier,
  type DataSettingRow,
  type DataSettingType,
} from './data-settings.mappers.js';

type RenderingInput = components['schemas']['RenderingOptionsInput'];

export async function loadDataSetting(db: Db, principal: Principal, id: number) {
  const row = await firstRow<DataSettingRow>(db, sql`${DATA_SETTING_SELECT} where ds.org_id = ${principal.orgId} and ds.id = ${id}`);
  if (!row) throw notFound('Data setting');
  return row;
}

export async function listDataSettingRows(db: Db, principal: Principal) {
  const list = await rows<DataSettingRow>(
    db,
    sql`${DATA_SETTING_SELECT} where ds.org_id = ${principal.orgId} order by ds.data_classifier, ds.user_facing_label, ds.id`,
  );
  return list.map(toDataSetting);
}

/** The state of a data setting after a create or an update, in the contract's names. */
export interface SettingState {
  key_type: 'NATIVE' | 'CUSTOM';
  data_type: DataSettingType;
  classifier: DataClassifier;
  configured_flow: 'OUTBOUND' | 'INBOUND' | 'OTHER' | null;
  censorship_setting: Censorship;
  team_ids_with_censorship_read_permission: number[];
  agent_ids_with_censorship_read_permission: number[];
  enum_set: string[];
  rendering_options: Record<string, unknown>;
}

function validTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Keeps the rendering options that apply to the data type, with the spec's clean-ups. */
export function renderingFor(type: DataSettingType, input: RenderingInput | Record<string, unknown>): Record<string, unknown> {
  const r = input as RenderingInput;
  const out: Record<string, unknown> = {};
  if (type === 'number' && r.precision !== undefined) out.precision = r.precision;
  if (type === 'date-time' && r.timezone !== undefined) {
    if (r.timezone !== null && !validTimeZone(r.timezone)) {
      throw badRequest(`Unknown time zone ${r.timezone}.`, [{ path: 'body/rendering_options/timezone', message: 'is not an IANA time zone' }]);
    }
    out.timezone = r.timezone;
  }
  if (type === 'text' && r.is_url !== undefined) {
    out.is_url = r.is_url;
    // When is_url is false, url_prefix and url_postfix are dropped (and not checked).
    if (r.is_url) {
      checkUrlPrefix(r.url_prefix);
      if (r.url_prefix !== undefined) out.url_prefix = r.url_prefix;
      if (r.url_postfix !== undefined) out.url_postfix = r.url_postfix;
    }
  }
  if (isReference(type) && r.reference_display_fields) {
    // Empty reference display fields are dropped.
    const fields = r.reference_display_fields.map((f) => f.trim()).filter(Boolean);
    if (fields.length) out.reference_display_fields = fields;
  }
  return out;
}

/**
 * Applies the rules shared by creation and update (in place): alert settings are always visible;
 * encrypted is for text settings with the encrypted_censorship flag; read-permission lists are kept
 * unless the setting is always visible and must name agents and teams of the organisation;
 * non-native event reference settings need a directionality; enum values (case-sensitive, at most
 * 100) only for enum settings.
 */
export async function applySettingRules(db: Db, principal: Principal, s: SettingState) {
  if (s.classifier === 'alert') s.censorship_setting = 'always_visible';
  if (s.censorship_setting === 'encrypted') {
    if (s.data_type !== 'text') {
      throw badRequest('Encrypted censorship is available for text settings only.', [
        { path: 'body/censorship_setting', message: 'encrypted needs data_type text' },
      ]);
    }
    if (!principal.featureFlags.has('encrypted_censorship')) throw new ApiError('forbidden', 'Encrypted censorship is not enabled for your organisation');
  }
  // Read access is granted only to censored settings (censored but viewable, censored, encrypted).
  if (s.censorship_setting === 'always_visible') {
    s.team_ids_with_censorship_read_permission = [];
    s.agent_ids_with_censorship_read_permission = [];
  }
  const teams = s.team_ids_with_censorship_read_permission;
  const agents = s.agent_ids_with_censorship_read_permission;
  if (teams.length) {
    const known = await rows<{ id: number }>(db, sql`select id from teams where org_id = ${principal.orgId} and id in ${idList(teams)}`);
    const unknown = teams.filter((id) => !known.some((k) => k.id === id));
    if (unknown.length)
      throw badRequest(`Unknown team ids: ${unknown.join(', ')}`, [{ path: 'body/team_ids_with_censorship_read_permission', message: 'names unknown teams' }]);
  }
  if (agents.length) {
    const known = await rows<{ id: number }>(db, sql`select id from agents where org_id = ${principal.orgId} and id in ${idList(agents)}`);
    const unknown = agents.filter((id) => !known.some((k) => k.id === id));
    if (unknown.length)
      throw badRequest(`Unknown agent ids: ${unknown.join(', ')}`, [
        { path: 'body/agent_ids_with_censorship_read_permission', message: 'names unknown agents' },
      ]);
  }
  if (s.key_type === 'CUSTOM' && s.classifier === 'event' && isReference(s.data_type) && !s.configured_flow) {
    throw badRequest('Directionality is required.', [{ path: 'body/configured_flow', message: 'is required for event reference settings' }]);
  }
  if (s.data_type !== 'enum') s.enum_set = [];
  else checkEnumSet(s.enum_set);
  s.rendering_options = renderingFor(s.data_type, s.rendering_options);
}

// --- Network analysis ---
