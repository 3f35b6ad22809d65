import { sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import { firstRow, type SqlRunner } from '../../db/sql.js';
import { audit } from '../../lib/audit.js';
import { defineHandlers } from '../types.js';

/** The organisation's filing settings: its filer profile, when a continuing-activity review falls due, how often a batch is sent. */

type Settings = components['schemas']['FilingSettings'];

const DEFAULTS: Settings = { profile: null, continuing_activity_days: 90, max_send_attempts: 5 };

export async function filingSettings(db: SqlRunner, orgId: number): Promise<Settings> {
  const row = await firstRow<Settings>(db, sql`select profile, continuing_activity_days, max_send_attempts from filing_settings where org_id = ${orgId}`);
  return row ?? DEFAULTS;
}

export const filingSettingsHandlers = defineHandlers({
  async getFilingSettings({ db, principal }) {
    return filingSettings(db, principal.orgId);
  },

  async updateFilingSettings({ db, req, principal, body }) {
    await db.transaction(async (tx) => {
      const before = await filingSettings(tx, principal.orgId);
      await tx.execute(
        sql`insert into filing_settings (org_id, profile, continuing_activity_days, max_send_attempts, updated_by_id, updated_at)
          values (${principal.orgId}, ${body.profile === null ? null : JSON.stringify(body.profile)}::jsonb, ${body.continuing_activity_days},
            ${body.max_send_attempts}, ${principal.agentId}, now())
          on conflict (org_id) do update set profile = excluded.profile, continuing_activity_days = excluded.continuing_activity_days,
            max_send_attempts = excluded.max_send_attempts, updated_by_id = excluded.updated_by_id, updated_at = now()`,
      );
      await audit(tx, req, {
        orgId: principal.orgId,
        agentId: principal.agentId,
        action: 'filings.settings_updated',
        objectType: 'ORGANISATION',
        objectId: principal.orgId,
        before: { ...before },
        after: { ...body },
      });
    });
    return filingSettings(db, principal.orgId);
  },
});
