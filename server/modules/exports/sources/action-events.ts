import type { components } from '../../../../openapi/schema.js';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import type { Cell } from '../writer.js';
import type { ExportParameters, ExportSource, RowSource } from './types.js';
import { sql } from 'drizzle-orm';
import { rows } from '../../../db/sql.js';
import { loadViewer } from '../../../domain/censorship/viewer.js';
import { actionEventExtras, actionEventPage, loadActionEvents } from '../../action-events/index.js';
import { names } from './types.js';

type S = components['schemas'];

type ActionEventRow = S['ActionEventListItem'];

const ACTION_EVENT_COLUMNS: Record<S['ActionEventExportColumn'], (e: ActionEventRow) => Cell> = {
  id: (e) => e.id,
  external_id: (e) => e.external_id,
  event_time: (e) => e.event_time,
  action_type: (e) => e.action_type,
  entity: (e) => e.entity?.external_id ?? null,
  instrument: (e) => e.instrument?.external_id ?? null,
  ip_address: (e) => e.ip_address,
  device_fingerprint: (e) => e.device_fingerprint,
  tags: (e) => names(e.tags),
};

/** The action event list pages at most 100 rows. */
const ACTION_EVENT_PAGE = 100;

/** The action event list (the data explorer's second tab), its rows read as POST /api/action-events/list reads them. */
async function actionEventSource(db: Db, p: Principal, params: ExportParameters, pageRows: number): Promise<RowSource> {
  const chosen = params.columns?.length ? params.columns : Object.keys(ACTION_EVENT_COLUMNS);
  const filters = (params.filters ?? {}) as S['ActionEventListRequest'];
  const settings = await rows<{ id: number; label: string }>(
    db,
    sql`select id, user_facing_label as label from data_settings where org_id = ${p.orgId} order by id`,
  );
  const byId = new Map(settings.map((s) => [`ds:${s.id}`, s]));
  type Column = { label: string; value: (e: ActionEventRow) => Cell };
  const columns: Column[] = chosen.flatMap((c): Column[] => {
    const setting = byId.get(c);
    if (setting) return [{ label: setting.label, value: (e) => e.formatted_data[String(setting.id)]?.formatted_value ?? null }];
    const native = ACTION_EVENT_COLUMNS[c as S['ActionEventExportColumn']] as ((e: ActionEventRow) => Cell) | undefined;
    return native ? [{ label: c, value: native }] : [];
  });
  const viewer = await loadViewer(db, p);
  return {
    header: columns.map((c) => c.label),
    async page(offset) {
      const { count, ids } = await actionEventPage(db, p, { ...filters, limit: Math.min(pageRows, ACTION_EVENT_PAGE), offset });
      const [events, extras] = await Promise.all([loadActionEvents(db, viewer, ids), actionEventExtras(db, p.orgId, ids)]);
      const listed = events.map((e): ActionEventRow => ({
        ...e,
        ...(extras.get(e.id) ?? { entity: null, instrument: null, ip_address: null, device_fingerprint: null }),
      }));
      return { count, rows: listed.map((e) => columns.map((c) => c.value(e))) };
    },
  };
}

export const actionEventExport: ExportSource = { permission: 'read_events', source: actionEventSource };
