import { and, eq, sql } from 'drizzle-orm';
import { dataSettings } from '../../db/schema/index.js';
import { censorshipChanged } from '../../domain/censorship/reencrypt.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, forbidden } from '../../lib/errors.js';
import { firstRow } from '../../db/sql.js';
import { isReference, storedCensorship, storedClassifier, storedType, toDataSetting } from './data-settings.mappers.js';
import { applySettingRules, listDataSettingRows, loadDataSetting, type SettingState } from './data-settings.queries.js';
import { checkKeyPath, checkLabel, NATIVE_NOT_ENCRYPTED } from './rules.js';
import { censorshipChanges, forReader, NO_CENSORSHIP, READ_LISTS, requireEditCensorship, requireReadToGrant, sameIds } from './censorship.js';
import { defineHandlers } from '../types.js';

/** The columns written for a data setting's state. */
const stateColumns = (s: SettingState) => ({
  data_type: storedType(s.data_type),
  data_classifier: storedClassifier(s.classifier),
  configured_flow: s.configured_flow,
  censorship_setting: storedCensorship(s.censorship_setting),
  team_ids_with_censorship_read_permission: s.team_ids_with_censorship_read_permission,
  agent_ids_with_censorship_read_permission: s.agent_ids_with_censorship_read_permission,
  enum_set: s.enum_set,
  rendering_options: s.rendering_options,
});

export const settingsHandlers = defineHandlers({
  async listDataSettings({ db, principal }) {
    const list = await listDataSettingRows(db, principal);
    return { count: list.length, data_settings: list.map((s) => forReader(principal, s)) };
  },

  async createDataSetting({ db, req, principal, body }) {
    checkKeyPath(body.key_path);
    checkLabel(body.user_facing_label);
    // Implementation settings (semantic type, graph matching) are the implementation team's; the
    // directionality an event reference needs is set by whoever adds it (spec part 2, section 6).
    if (!principal.isInternal && ((body.semantic_type ?? null) !== null || body.matchable)) {
      throw forbidden('Semantic type and graph matching can be set only by the implementation team.');
    }
    const state: SettingState = {
      key_type: 'CUSTOM',
      data_type: body.data_type,
      classifier: body.classifier,
      configured_flow: body.configured_flow ?? null,
      censorship_setting: body.censorship_setting ?? 'always_visible',
      team_ids_with_censorship_read_permission: body.team_ids_with_censorship_read_permission ?? [],
      agent_ids_with_censorship_read_permission: body.agent_ids_with_censorship_read_permission ?? [],
      enum_set: body.enum_set ?? [],
      rendering_options: body.rendering_options ?? {},
    };
    // A new setting holds no values yet: censoring it, or naming its readers, needs edit_censorship
    // (asked for, or left after the rules), but not a read of values that do not exist.
    requireEditCensorship(principal, censorshipChanges(NO_CENSORSHIP, state));
    await applySettingRules(db, principal, state);
    requireEditCensorship(principal, censorshipChanges(NO_CENSORSHIP, state));
    // key_path is unique in the organisation (whatever the classifier)
    const taken = await firstRow<{ id: number }>(db, sql`select id from data_settings where org_id = ${principal.orgId} and key_path = ${body.key_path}`);
    if (taken) throw conflict(`A data setting with key path ${body.key_path} already exists.`);
    const [created] = await db
      .insert(dataSettings)
      .values({
        org_id: principal.orgId,
        key_path: body.key_path,
        key_type: 'CUSTOM',
        user_facing_label: body.user_facing_label.trim(),
        description: body.description ?? null,
        exported: body.exported ?? false,
        matchable: body.matchable ?? false,
        semantic_type: body.semantic_type ?? null,
        ...stateColumns(state),
      })
      .returning({ id: dataSettings.id });
    await audit(db, req, {
      orgId: principal.orgId,
      agentId: principal.agentId,
      action: 'data_setting.created',
      objectType: 'DATA_SETTING',
      objectId: created.id,
      details: { key_path: body.key_path, classifier: body.classifier, data_type: body.data_type },
    });
    return forReader(principal, toDataSetting(await loadDataSetting(db, principal, created.id)));
  },

  async updateDataSetting({ db, req, principal, params, body }) {
    const current = toDataSetting(await loadDataSetting(db, principal, params.id));
    const sent = Object.keys(body) as (keyof typeof body)[];
    const changed = sent.filter((k) => JSON.stringify(body[k]) !== JSON.stringify(current[k as keyof typeof current]));
    if (current.key_type === 'NATIVE' && (changed.includes('data_type') || changed.includes('exported'))) {
      throw badRequest('Native data settings cannot change data type or export behaviour.', [
        { path: `body/${changed.includes('data_type') ? 'data_type' : 'exported'}`, message: 'cannot change on a native setting' },
      ]);
    }
    // Native values are table columns the product indexes and matches, never encrypted at rest.
    if (current.key_type === 'NATIVE' && changed.includes('censorship_setting') && body.censorship_setting === 'encrypted') {
      throw badRequest(NATIVE_NOT_ENCRYPTED, [{ path: 'body/censorship_setting', message: NATIVE_NOT_ENCRYPTED }]);
    }
    if (!principal.isInternal && changed.length) {
      if (isReference(current.data_type) || (body.data_type && isReference(body.data_type)))
        throw forbidden('Reference data settings can be changed only by the implementation team.');
      if (changed.includes('configured_flow') || changed.includes('semantic_type') || changed.includes('matchable')) {
        throw forbidden('Directionality, semantic type and graph matching can be changed only by the implementation team.');
      }
    }
    if (body.user_facing_label !== undefined) checkLabel(body.user_facing_label);
    if (!changed.length) return forReader(principal, current);

    const state: SettingState = {
      key_type: current.key_type,
      data_type: body.data_type ?? current.data_type,
      classifier: body.classifier ?? current.classifier,
      configured_flow: body.configured_flow !== undefined ? body.configured_flow : current.configured_flow,
      censorship_setting: body.censorship_setting ?? current.censorship_setting,
      team_ids_with_censorship_read_permission: body.team_ids_with_censorship_read_permission ?? current.team_ids_with_censorship_read_permission,
      agent_ids_with_censorship_read_permission: body.agent_ids_with_censorship_read_permission ?? current.agent_ids_with_censorship_read_permission,
      enum_set: body.enum_set ?? current.enum_set,
      rendering_options: body.rendering_options ?? current.rendering_options,
    };
    // Censorship is governed by its own permissions: what was asked for, then what the rules leave
    // (a classifier changed to alert makes the setting always visible). Read lists are sets.
    requireEditCensorship(principal, censorshipChanges(current, state));
    await applySettingRules(db, principal, state);
    for (const list of READ_LISTS) if (sameIds(state[list], current[list])) state[list] = current[list];
    requireEditCensorship(principal, censorshipChanges(current, state));
    await requireReadToGrant(db, principal, current, state);
    await db
      .update(dataSettings)
      .set({
        ...stateColumns(state),
        ...(body.user_facing_label !== undefined ? { user_facing_label: body.user_facing_label.trim() } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.exported !== undefined ? { exported: body.exported } : {}),
        ...(body.matchable !== undefined ? { matchable: body.matchable } : {}),
        ...(body.semantic_type !== undefined ? { semantic_type: body.semantic_type } : {}),
        updated_at: sql`now()`,
      })
      .where(and(eq(dataSettings.org_id, principal.orgId), eq(dataSettings.id, params.id)));
    await censorshipChanged(db, principal.orgId, params.id, current.censorship_setting, state.censorship_setting);
    await audit(db, req, {
      orgId: principal.orgId,
      agentId: principal.agentId,
      action: 'data_setting.updated',
      objectType: 'DATA_SETTING',
      objectId: params.id,
      details: { changed },
    });
    return forReader(principal, toDataSetting(await loadDataSetting(db, principal, params.id)));
  },
});
