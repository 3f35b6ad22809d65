import { sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';

type Schemas = components['schemas'];
export type DataSettingType = Schemas['DataSettingType'];
export type DataClassifier = Schemas['DataClassifier'];
export type Censorship = Schemas['CensorshipSetting'];
/** A data setting with its read lists, as the server holds it (answers leave them out without read_censorship). */
export type DataSetting = Schemas['DataSetting'] &
  Required<Pick<Schemas['DataSetting'], 'team_ids_with_censorship_read_permission' | 'agent_ids_with_censorship_read_permission'>>;

/** Stored (upper-case) values and the contract's names. */
const TYPES: Record<string, DataSettingType> = {
  TEXT: 'text',
  NUMBER: 'number',
  ENUM: 'enum',
  DATE_TIME: 'date-time',
  ENTITY_REFERENCE: 'entity_reference',
  INSTRUMENT_REFERENCE: 'instrument_reference',
  BOOLEAN: 'boolean',
};
const CENSORSHIP: Record<string, Censorship> = {
  ALWAYS_VISIBLE: 'always_visible',
  CENSORED_BUT_VIEWABLE: 'censored_viewable',
  CENSORED: 'censored',
  ENCRYPTED: 'encrypted',
};
const invert = <T extends string>(map: Record<string, T>) => Object.fromEntries(Object.entries(map).map(([k, v]) => [v, k])) as Record<T, string>;
const TYPES_STORED = invert(TYPES);
const CENSORSHIP_STORED = invert(CENSORSHIP);

export const storedType = (t: DataSettingType) => TYPES_STORED[t];
export const storedCensorship = (c: Censorship) => CENSORSHIP_STORED[c];
export const storedClassifier = (c: DataClassifier) => c.toUpperCase();
export const isReference = (t: DataSettingType) => t === 'entity_reference' || t === 'instrument_reference';

export interface DataSettingRow {
  id: number;
  key_path: string;
  data_type: string;
  key_type: 'NATIVE' | 'CUSTOM';
  native_key: string | null;
  native_field: string | null;
  data_classifier: string;
  user_facing_label: string;
  description: string | null;
  exported: boolean;
  matchable: boolean;
  configured_flow: 'OUTBOUND' | 'INBOUND' | 'OTHER' | null;
  semantic_type: string | null;
  censorship_setting: string;
  team_ids_with_censorship_read_permission: number[];
  agent_ids_with_censorship_read_permission: number[];
  enum_set: string[];
  rendering_options: Record<string, unknown> | null;
  recent_values: string[];
  rules: { id: number; title: string }[] | null;
}

/**
 * data_settings aliased `ds`, with the rules whose variables use the setting: a variable's field,
 * group_by or filter key naming the setting's key path or id, or the native field of a native
 * event setting (rule variables aggregate event fields such as amount).
 */
export const DATA_SETTING_SELECT = sql`select ds.id, ds.key_path, ds.data_type, ds.key_type, ds.native_key, ds.native_field,
    ds.data_classifier, ds.user_facing_label, ds.description, ds.exported, ds.matchable, ds.configured_flow, ds.semantic_type,
    ds.censorship_setting, ds.team_ids_with_censorship_read_permission, ds.agent_ids_with_censorship_read_permission,
    ds.enum_set, ds.rendering_options, ds.recent_values,
    (select coalesce(jsonb_agg(jsonb_build_object('id', r.id, 'title', r.title) order by r.title, r.id), '[]'::jsonb)
      from rules r where r.org_id = ds.org_id and exists (
        select 1 from jsonb_array_elements(case when jsonb_typeof(r.spec->'variables') = 'array' then r.spec->'variables' else '[]'::jsonb end) v,
          lateral (select v->>'field' as ref union all select v->>'group_by'
            union all select jsonb_object_keys(case when jsonb_typeof(v->'filter') = 'object' then v->'filter' else '{}'::jsonb end)) refs
        where refs.ref in (ds.key_path, ds.id::text)
          or (ds.key_type = 'NATIVE' and ds.data_classifier = 'EVENT' and refs.ref = ds.native_field))) as rules
  from data_settings ds`;

const RENDERING_KEYS = ['precision', 'timezone', 'is_url', 'url_prefix', 'url_postfix', 'reference_display_fields'];

export function toDataSetting(row: DataSettingRow): DataSetting {
  const rendering = Object.fromEntries(Object.entries(row.rendering_options ?? {}).filter(([k]) => RENDERING_KEYS.includes(k)));
  return {
    id: row.id,
    key_path: row.key_path,
    data_type: TYPES[row.data_type] ?? (row.data_type.toLowerCase() as DataSettingType),
    key_type: row.key_type,
    native_key: row.native_key,
    native_field: row.native_field,
    classifier: row.data_classifier.toLowerCase() as DataClassifier,
    user_facing_label: row.user_facing_label,
    description: row.description,
    exported: row.exported,
    matchable: row.matchable,
    configured_flow: row.configured_flow,
    semantic_type: row.semantic_type,
    censorship_setting: CENSORSHIP[row.censorship_setting] ?? 'always_visible',
    team_ids_with_censorship_read_permission: row.team_ids_with_censorship_read_permission ?? [],
    agent_ids_with_censorship_read_permission: row.agent_ids_with_censorship_read_permission ?? [],
    enum_set: row.enum_set ?? [],
    rendering_options: rendering,
    recent_values: row.recent_values ?? [],
    rules: row.rules ?? [],
  };
}
