import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { consumeMagicLink, MAGIC_LINK_ANSWER, requestMagicLink } from '../auth/magic-link.js';
import { clearRefreshCookie, REFRESH_COOKIE, revokeFamily, rotateRefreshToken, startSession } from '../auth/sessions.js';
import { notFound } from '../lib/errors.js';
import { firstRow, iso, rows } from '../lib/sql.js';
import { readOrgSettings } from './org-settings.js';
import { defineHandlers } from './types.js';

const SPA_INDEX = join(resolve(dirname(fileURLToPath(import.meta.url)), '../../dist'), 'index.html');
const STARTED_AT = new Date();

/** The version the SPA polls: it changes whenever a new build of the console is deployed. */
function appVersion(base: string) {
  if (!existsSync(SPA_INDEX)) return { version: `${base}+dev`, built_at: STARTED_AT.toISOString() };
  const hash = createHash('sha256').update(readFileSync(SPA_INDEX)).digest('hex').slice(0, 12);
  return { version: `${base}+${hash}`, built_at: statSync(SPA_INDEX).mtime.toISOString() };
}

export const sessionHandlers = defineHandlers({
  async getConnection({ principal }) {
    return { connection: principal.connection };
  },

  async requestMagicLink({ db, services, req, body }) {
    await requestMagicLink(db, services.config, services.mailer, req.log, body.email, req.ip);
    return { message: MAGIC_LINK_ANSWER };
  },

  async exchangeMagicLinkToken({ db, services, reply, body }) {
    const { agentId, orgId } = await consumeMagicLink(db, body.token);
    return startSession(db, services.config, reply, { agentId, orgId, connection: 'email' });
  },

  async refreshJwt({ db, services, req, reply }) {
    return rotateRefreshToken(db, services.config, reply, req.cookies[REFRESH_COOKIE]);
  },

  async logout({ db, principal, reply }) {
    await revokeFamily(db, principal.sessionFamily);
    clearRefreshCookie(reply);
  },

  async getCurrentAgent({ db, principal }) {
    const row = await firstRow<{ picture: string | null; status: 'active' | 'inactive'; org_id: number; display_name: string; parent_id: number | null; home_org_id: number }>(
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

  async getDevMailbox({ db, services, query }) {
    if (!services.mailer.devMailbox) throw notFound('Development mailbox');
    const messages = await rows<{ id: number; to: string; subject: string; text: string; link: string | null; created_at: Date | string }>(
      db,
      sql`select id, to_address as "to", subject, text_body as text, link, created_at from mail_outbox
        where to_address = ${query.to.trim().toLowerCase()} order by id desc limit 50`,
    );
    return { messages: messages.map((m) => ({ ...m, created_at: iso(m.created_at) })) };
  },

  async getAppVersion({ services }) {
    return appVersion(services.config.appVersion);
  },

  async getG2State({ db, principal }) {
    const row = await firstRow<{ state: Record<string, unknown> }>(db, sql`select state from agent_state where agent_id = ${principal.agentId}`);
    return { state: row?.state ?? {} };
  },
});
