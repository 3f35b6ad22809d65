import type { FastifyReply } from 'fastify';
import { consumeMagicLink, MAGIC_LINK_ANSWER, requestMagicLink } from '../../auth/magic-link.js';
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
} from '../../auth/oidc.js';
import { clearRefreshCookie, REFRESH_COOKIE, revokeFamily, rotateRefreshToken, startSession } from '../../auth/sessions.js';
import { notFound } from '../../lib/errors.js';
import { allowFramingBySelf, ownPagePolicy, newNonce } from '../../lib/security-headers.js';
import { defineHandlers } from '../types.js';

const UNAVAILABLE = 'Google sign-in is unavailable right now. Please try again later.';

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
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Vigil</title></head><body>` +
        `<script nonce="${nonce}">parent.postMessage(${json}, location.origin);</script></body></html>`,
    );
}

/** Signing in and out: magic links, the identity provider, refreshing the access token. */
export const signInHandlers = defineHandlers({
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

  getIdentityProvider({ services }) {
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
});
