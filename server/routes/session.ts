import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { consumeMagicLink, MAGIC_LINK_ANSWER, requestMagicLink } from '../auth/magic-link.js';
import {
  beginLogin,
  endReplacedFamily,
  familyOfRefreshToken,
  finishLogin,
  OIDC_COOKIE,
  OIDC_COOKIE_PATH,
  OIDC_COOKIE_TTL_SECONDS,
  OidcFailure,
  readLoginState,
} from '../auth/oidc.js';
import { clearRefreshCookie, REFRESH_COOKIE, revokeFamily, rotateRefreshToken, startSession } from '../auth/sessions.js';
import { isLoopback } from '../lib/client-address.js';
import { forbidden, notFound } from '../lib/errors.js';
import { allowFramingBySelf, ownPagePolicy, newNonce } from '../lib/security-headers.js';
import { firstRow, iso, rows } from '../db/sql.js';
import { DEV_MAILBOX_LOOPBACK_ONLY } from './dev-mailbox-page.js';
import { readOrgSettings } from './org-settings.js';
import { defineHandlers } from './types.js';

const SPA_INDEX = join(resolve(dirname(fileURLToPath(import.meta.url)), '../../dist'), 'index.html');
const STARTED_AT = new Date();
const UNAVAILABLE = 'Google sign-in is unavailable right now. Please try again later.';

/** The version the SPA polls: it changes whenever a new build of the console is deployed. */
function appVersion(base: string) {
  if (!existsSync(SPA_INDEX)) return { version: `${base}+dev`, built_at: STARTED_AT.toISOString() };
  const hash = createHash('sha256').update(readFileSync(SPA_INDEX)).digest('hex').slice(0, 12);
  return { version: `${base}+${hash}`, built_at: statSync(SPA_INDEX).mtime.toISOString() };
}

/**
 * The page a hidden renewal frame ends on: it tells the console (its parent, same origin) how the
 * provider answered. JSON in a script is escaped so no text from the provider can close the tag. Its
 * policy lets only the console frame it and runs only its own script (by nonce).
 */
function renewalAnswer(reply: FastifyReply, message: { ok: boolean; error?: string; error_description?: string }) {
  const json = JSON.stringify({ type: 'vigil.oidc', ...message }).replace(/</g, '\\u003c');
  const nonce = newNonce();
  allowFramingBySelf(reply, ownPagePolicy({ scriptNonce: nonce, framedBySelf: true }));
  return reply
    .code(200)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Vigil</title></head><body>` +
      `<script nonce="${nonce}">parent.postMessage(${json}, location.origin);</script></body></html>`);
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

  async getIdentityProvider({ services }) {
    const oidc = services.config.oidc;
    return { configured: oidc !== undefined, active: oidc?.active ?? false, connection: oidc?.connection ?? null };
  },

  async startIdentityProviderLogin({ db, services, req, reply, query }) {
    const { config } = services;
    if (!config.oidc) throw notFound('Identity provider');
    const silent = query.prompt === 'none';
    const replaces = silent ? await familyOfRefreshToken(db, req.cookies[REFRESH_COOKIE]) : undefined;
    let started: Awaited<ReturnType<typeof beginLogin>>;
    try {
      started = await beginLogin(config, config.oidc, silent, replaces);
    } catch (err) {
      // The provider's discovery document could not be read: a browser navigation gets a page, not JSON.
      req.log.error({ err }, 'identity provider unreachable');
      const failure = { error: 'temporarily_unavailable', error_description: UNAVAILABLE };
      if (silent) return renewalAnswer(reply, { ok: false, ...failure });
      return reply.redirect(`/agent-login?${new URLSearchParams(failure).toString()}`, 302);
    }
    const { url, cookie } = started;
    reply.setCookie(OIDC_COOKIE, cookie, {
      httpOnly: true,
      // Lax: the provider sends the browser back with a cross-site top-level GET.
      sameSite: 'lax',
      secure: config.publicUrl.startsWith('https://'),
      path: OIDC_COOKIE_PATH,
      maxAge: OIDC_COOKIE_TTL_SECONDS,
    });
    return reply.redirect(url, 302);
  },

  async finishIdentityProviderLogin({ db, services, req, reply, query }) {
    const { config } = services;
    if (!config.oidc) throw notFound('Identity provider');
    const login = await readLoginState(config, req.cookies[OIDC_COOKIE]);
    reply.clearCookie(OIDC_COOKIE, { path: OIDC_COOKIE_PATH });
    try {
      const agent = await finishLogin(db, config, config.oidc, login, query);
      await startSession(db, config, reply, { agentId: agent.agentId, orgId: agent.orgId, connection: config.oidc.connection });
      // The session the frame renewed ends: the browser now holds only the new one.
      if (login?.silent) await endReplacedFamily(db, login.replaces, agent.agentId);
      req.log.info({ agentId: agent.agentId, silent: login?.silent }, 'signed in through the identity provider');
      if (login?.silent) return renewalAnswer(reply, { ok: true });
      return reply.redirect('/', 302);
    } catch (err) {
      const failure = err instanceof OidcFailure ? err : new OidcFailure('server_error', UNAVAILABLE);
      req.log.warn({ err, error: failure.error }, 'identity provider sign-in refused');
      if (login?.silent) return renewalAnswer(reply, { ok: false, error: failure.error, error_description: failure.description });
      const params = new URLSearchParams({ error: failure.error, error_description: failure.description });
      return reply.redirect(`/agent-login?${params.toString()}`, 302);
    }
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

  async getDevMailbox({ db, services, req, query }) {
    if (!services.mailer.devMailbox) throw notFound('Development mailbox');
    // the socket's address, not req.ip: X-Forwarded-For must not pass for this machine
    if (!isLoopback(req.socket.remoteAddress)) throw forbidden(DEV_MAILBOX_LOOPBACK_ONLY);
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
