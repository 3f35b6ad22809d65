import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { audit, changedFields } from '../../lib/audit.js';
import { firstRow } from '../../db/sql.js';
import { defineHandlers } from '../types.js';

export interface OrgSettings {
  inactivity: { enabled: boolean; time_seconds: number };
  home_route: string | null;
  data_store: 'PG' | 'DL';
}

/** The settings of an organisation, with the defaults for one that has never saved any. */
export async function readOrgSettings(db: Db, orgId: number): Promise<OrgSettings> {
  const row = await firstRow<{ inactivity_enabled: boolean; inactivity_time_seconds: number; home_route: string | null; data_store: 'PG' | 'DL' }>(
    db,
    sql`select inactivity_enabled, inactivity_time_seconds, home_route, data_store from organisation_settings where org_id = ${orgId}`,
  );
  return {
    inactivity: { enabled: row?.inactivity_enabled ?? false, time_seconds: row?.inactivity_time_seconds ?? 1800 },
    home_route: row?.home_route ?? null,
    data_store: row?.data_store ?? 'PG',
  };
}

export const orgSettingsHandlers = defineHandlers({
  async getOrgSettings({ db, principal }) {
    return readOrgSettings(db, principal.orgId);
  },

  async updateOrgSettings({ db, req, principal, body }) {
    const current = await readOrgSettings(db, principal.orgId);
    const inactivity = body.inactivity ?? current.inactivity;
    const homeRoute = body.home_route === undefined ? current.home_route : body.home_route;
    await db.execute(sql`insert into organisation_settings (org_id, inactivity_enabled, inactivity_time_seconds, home_route, updated_at)
      values (${principal.orgId}, ${inactivity.enabled}, ${inactivity.time_seconds}, ${homeRoute}, now())
      on conflict (org_id) do update set inactivity_enabled = excluded.inactivity_enabled,
        inactivity_time_seconds = excluded.inactivity_time_seconds, home_route = excluded.home_route, updated_at = now()`);
    const next = await readOrgSettings(db, principal.orgId);
    // the audit log shows the settings that changed, before and after
    const changed = changedFields({ ...current }, { ...next });
    await audit(db, req, {
      orgId: principal.orgId,
      agentId: principal.agentId,
      action: 'organisation_settings.updated',
      objectType: 'ORGANISATION',
      objectId: principal.orgId,
      before: changed?.before ?? {},
      after: changed?.after ?? {},
    });
    return next;
  },
});
