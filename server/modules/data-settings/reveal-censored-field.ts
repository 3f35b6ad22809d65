import { sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import { hasPermission } from '../../auth/principal.js';
import { audit } from '../../lib/audit.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { firstRow } from '../../db/sql.js';
import { queueVisible } from '../../auth/visibility.js';
import { plainValue, principalTeamIds, settingAccess, type CensorshipSetting } from '../../domain/censorship/access.js';
import { READ_PERMISSION } from '../../../core/permissions.js';
import { defineHandlers } from '../types.js';

type ObjectType = components['schemas']['CensoredObjectType'];

/** Where each kind of object keeps its formatted data, and its name in errors. */
const OBJECTS: Record<ObjectType, { table: string; label: string }> = {
  ENTITY: { table: 'entities', label: 'Entity' },
  INSTRUMENT: { table: 'instruments', label: 'Instrument' },
  TRANSACTION: { table: 'transactions', label: 'Transaction' },
  ACTION_EVENT: { table: 'action_events', label: 'Action event' },
  ALERT: { table: 'alerts', label: 'Alert' },
};

export const revealCensoredFieldHandlers = defineHandlers({
  /**
   * One field in clear, asked for on purpose: the console shows censored-but-viewable fields masked
   * and reveals one when the agent asks, so every look at such a value leaves an audit entry.
   */
  async revealCensoredField({ req, db, principal, body }) {
    const kind = OBJECTS[body.object_type];
    if (!hasPermission(principal, READ_PERMISSION[body.object_type])) throw forbidden();
    const table = sql.raw(kind.table);
    // alerts in a restricted queue the agent is not in do not exist for them
    const visible: SQL = body.object_type === 'ALERT' ? queueVisible(principal, sql`o.queue_id`) : sql`true`;
    const [object, setting] = await Promise.all([
      firstRow<{ entry: unknown; present: boolean }>(
        db,
        sql`select o.formatted_data -> ${String(body.data_setting_id)}::text as entry, o.formatted_data ? ${String(body.data_setting_id)}::text as present
          from ${table} o where o.org_id = ${principal.orgId} and o.id = ${body.object_id} and ${visible}`,
      ),
      firstRow<CensorshipSetting & { key_path: string }>(
        db,
        sql`select key_path, censorship_setting, team_ids_with_censorship_read_permission as team_ids,
          agent_ids_with_censorship_read_permission as agent_ids from data_settings where org_id = ${principal.orgId} and id = ${body.data_setting_id}`,
      ),
    ]);
    if (!object) throw notFound(kind.label);
    if (!setting) throw notFound('Data setting');
    if (!object.present) throw notFound('Field');
    const access = settingAccess(principal, await principalTeamIds(db, principal), setting);
    if (access === 'none') throw forbidden('You may not read this field.');
    // stored as { formatted_value, ... } or, in older rows, as the bare value (as the mappers read it)
    const entry = object.entry;
    const stored = entry && typeof entry === 'object' && !Array.isArray(entry) ? ((entry as { formatted_value?: unknown }).formatted_value ?? null) : entry;
    const value = plainValue(stored);
    // a value that does not decrypt (another key, altered) is not revealed as ciphertext either
    if (value === null && stored !== null) throw notFound('Field');
    await audit(db, req, {
      orgId: principal.orgId,
      agentId: principal.agentId,
      action: 'censored_field.revealed',
      objectType: body.object_type,
      objectId: body.object_id,
      details: { data_setting_id: body.data_setting_id, key_path: setting.key_path, censorship_setting: setting.censorship_setting },
    });
    const shown = value !== null && typeof value === 'object' ? JSON.stringify(value) : (value as string | number | boolean | null);
    return { data_setting_id: body.data_setting_id, formatted_value: shown };
  },
});
