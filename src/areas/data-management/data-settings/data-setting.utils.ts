// The panel's form to and from the wire, and the list's search. Pure, unit-tested.
import type { DataClassifier, DataSetting, DataSettingCreate, DataSettingUpdate } from './data-setting.constants';
import { effectiveCensorship, isReferenceType, renderingOptions, type DataSettingForm } from './data-setting.validation';

export function emptyForm(): DataSettingForm {
  return {
    keyPath: '',
    label: '',
    description: '',
    classifier: 'entity',
    dataType: 'text',
    exported: false,
    matchable: false,
    configuredFlow: '',
    semanticType: '',
    censorship: 'always_visible',
    teamIds: [],
    agentIds: [],
    enumSet: [],
    precision: '',
    timezone: '',
    isUrl: false,
    urlPrefix: '',
    urlPostfix: '',
    referenceDisplayFields: [],
  };
}

export function formFromSetting(s: DataSetting): DataSettingForm {
  const r = s.rendering_options ?? {};
  return {
    keyPath: s.key_path,
    label: s.user_facing_label,
    description: s.description ?? '',
    classifier: s.classifier,
    dataType: s.data_type,
    exported: s.exported,
    matchable: s.matchable,
    configuredFlow: s.configured_flow ?? '',
    semanticType: s.semantic_type ?? '',
    censorship: s.censorship_setting,
    // the read lists come only to an agent holding read_censorship
    teamIds: s.team_ids_with_censorship_read_permission ?? [],
    agentIds: s.agent_ids_with_censorship_read_permission ?? [],
    enumSet: s.enum_set,
    precision: r.precision === undefined || r.precision === null ? '' : String(r.precision),
    timezone: r.timezone ?? '',
    isUrl: r.is_url ?? false,
    urlPrefix: r.url_prefix ?? '',
    urlPostfix: r.url_postfix ?? '',
    referenceDisplayFields: r.reference_display_fields ?? [],
  };
}

/** The body of POST /api/data-settings, with the spec's clean-ups applied. */
export function toCreateBody(form: DataSettingForm): DataSettingCreate {
  const c = effectiveCensorship(form);
  const body: DataSettingCreate = {
    key_path: form.keyPath,
    data_type: form.dataType,
    classifier: form.classifier,
    user_facing_label: form.label.trim(),
    description: form.description.trim() || null,
    exported: form.exported,
    matchable: form.matchable,
    censorship_setting: c.censorship,
    team_ids_with_censorship_read_permission: c.teamIds,
    agent_ids_with_censorship_read_permission: c.agentIds,
    rendering_options: renderingOptions(form),
  };
  if (form.configuredFlow) body.configured_flow = form.configuredFlow;
  if (form.semanticType.trim()) body.semantic_type = form.semanticType.trim();
  if (form.dataType === 'enum') body.enum_set = form.enumSet;
  return body;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The body of PATCH /api/data-settings/{id}: only what changed (null when nothing did). */
export function toUpdateBody(form: DataSettingForm, current: DataSetting): DataSettingUpdate | null {
  const wanted = toCreateBody(form);
  const body: Record<string, unknown> = {};
  const put = (key: keyof DataSettingUpdate, value: unknown, was: unknown) => {
    if (!same(value, was)) body[key] = value;
  };
  put('data_type', wanted.data_type, current.data_type);
  put('classifier', wanted.classifier, current.classifier);
  put('user_facing_label', wanted.user_facing_label, current.user_facing_label);
  put('description', wanted.description, current.description);
  put('exported', wanted.exported, current.exported);
  put('matchable', form.matchable, current.matchable);
  put('configured_flow', form.configuredFlow || null, current.configured_flow);
  put('semantic_type', form.semanticType.trim() || null, current.semantic_type);
  put('censorship_setting', wanted.censorship_setting, current.censorship_setting);
  // Read lists the agent was not shown (no read_censorship) are never sent: the server keeps them.
  if (current.team_ids_with_censorship_read_permission)
    put('team_ids_with_censorship_read_permission', wanted.team_ids_with_censorship_read_permission, current.team_ids_with_censorship_read_permission);
  if (current.agent_ids_with_censorship_read_permission)
    put('agent_ids_with_censorship_read_permission', wanted.agent_ids_with_censorship_read_permission, current.agent_ids_with_censorship_read_permission);
  if (form.dataType === 'enum') put('enum_set', form.enumSet, current.enum_set);
  // Compared as the form would send both, so an absent is_url and is_url false are the same.
  put('rendering_options', wanted.rendering_options, renderingOptions(formFromSetting(current)));
  return Object.keys(body).length ? body : null;
}

/** Search over label, key path and description (case-insensitive), and the classifier filter. */
export function filterSettings(list: readonly DataSetting[], phrase: string, classifier: DataClassifier | null): DataSetting[] {
  const needle = phrase.trim().toLowerCase();
  return list.filter(
    (s) =>
      (!classifier || s.classifier === classifier) &&
      (!needle ||
        s.user_facing_label.toLowerCase().includes(needle) ||
        s.key_path.toLowerCase().includes(needle) ||
        (s.description ?? '').toLowerCase().includes(needle)),
  );
}

/** A reference setting keeps its display fields; any other type has none. */
export const showsReferenceFields = (form: DataSettingForm) => isReferenceType(form.dataType);
