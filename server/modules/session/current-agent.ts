import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { notFound } from '../../lib/errors.js';
import { firstRow } from '../../db/sql.js';
import { readOrgSettings } from '../orgs/index.js';
import { defineHandlers } from '../types.js';

const SPA_INDEX = join(resolve(dirname(fileURLToPath(import.meta.url)), '../../../dist'), 'index.html');
const STARTED_AT = new Date();

/** The version the SPA polls: it changes whenever a new build of the console is deployed. */
function appVersion(base: string) {
  if (!existsSync(SPA_INDEX)) return { version: `${base}+dev`, built_at: STARTED_AT.toISOString() };
  const hash = createHash('sha256').update(readFileSync(SPA_INDEX)).digest('hex').slice(0, 12);
  return { version: `${base}+${hash}`, built_at: statSync(SPA_INDEX).mtime.toISOString() };
}

/** The signed-in agent as the console reads it at start: who they are, where, and which build is served. */
export const currentAgentHandlers = defineHandlers({
  getConnection({ principal }) {
    return { connection: principal.connection };
  },

  async getCurrentAgent({ db, principal }) {
    const row = await firstRow<{
      picture: string | null;
      status: 'active' | 'inactive';
      org_id: number;
      display_name: string;
      parent_id: number | null;
      home_org_id: number;
    }>(
      db,
      sql`select a.picture, a.status, o.id as org_id, o.display_name, o.parent_id,
          coalesce((select actor.org_id from agents actor where actor.id = ${principal.actorId}), a.org_id) as home_org_id
        from agents a
        join organisations o on o.id = ${principal.orgId}
        where a.id = ${principal.agentId}`,
    );
    if (!row) throw notFound('Agent');
    return {
      id: principal.agentId,
      email: principal.email,
      full_name: principal.fullName,
      picture: row.picture,
      status: row.status,
      is_internal: principal.isInternal,
      is_ai_admin: principal.isAiAdmin,
      org: { id: row.org_id, display_name: row.display_name, parent_id: row.parent_id },
      home_org_id: row.home_org_id,
      impersonation_log_id: principal.impersonationLogId,
      permissions: [...principal.permissions].sort() as never,
      feature_flags: [...principal.featureFlags].sort() as never,
      settings: await readOrgSettings(db, principal.orgId),
      connection: principal.connection,
    };
  },

  getAppVersion({ services }) {
    return appVersion(services.config.appVersion);
  },

  async getG2State({ db, principal }) {
    const row = await firstRow<{ state: Record<string, unknown> }>(db, sql`select state from agent_state where agent_id = ${principal.agentId}`);
    return { state: row?.state ?? {} };
  },
});
