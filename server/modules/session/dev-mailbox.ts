import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isLoopback } from '../../lib/client-address.js';
import { errorBody, forbidden, notFound } from '../../lib/errors.js';
import { escapeMarkup } from '../../lib/markup.js';
import { ownPagePolicy } from '../../lib/security-headers.js';
import { iso, rows } from '../../db/sql.js';
import { defineHandlers, type Services } from '../types.js';

const STYLE = `body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1a1d23}
li{list-style:none;border:1px solid #d0d5dd;border-radius:8px;padding:0 1rem;margin:1rem 0}pre{white-space:pre-wrap}
a{color:#1849a9}`;
/** The page's one inline style block is allowed by its hash; nothing else runs or loads. */
const POLICY = ownPagePolicy({ styles: [STYLE] });

/** Refusal for callers on another machine: the mailbox holds working sign-in links for anyone. */
export const DEV_MAILBOX_LOOPBACK_ONLY = 'The development mailbox answers only on the machine the server runs on.';

/**
 * A plain page over the development mailbox, so a developer without SMTP can follow a magic link.
 * It exists only where the dev mailbox does (no SMTP_URL, not production), and answers only to a
 * connection from this machine: the socket's address, which X-Forwarded-For cannot change.
 */
export function registerDevMailboxPage(app: FastifyInstance, services: Services) {
  app.get('/dev/mailbox', async (request, reply) => {
    if (!services.mailer.devMailbox) return reply.code(404).send(errorBody('not_found', 'Development mailbox not found'));
    if (!isLoopback(request.socket.remoteAddress)) return reply.code(403).send(errorBody('forbidden', DEV_MAILBOX_LOOPBACK_ONLY));
    const to = typeof (request.query as Record<string, unknown>).to === 'string' ? (request.query as Record<string, string>).to.trim().toLowerCase() : '';
    const messages = await rows<{ to_address: string; subject: string; text_body: string; link: string | null; created_at: Date | string }>(
      services.db,
      to
        ? sql`select to_address, subject, text_body, link, created_at from mail_outbox where to_address = ${to} order by id desc limit 50`
        : sql`select to_address, subject, text_body, link, created_at from mail_outbox order by id desc limit 50`,
    );
    const items = messages
      .map(
        (m) => `<li><article><h2>${escapeMarkup(m.subject)}</h2>
<p>To <strong>${escapeMarkup(m.to_address)}</strong> at <time datetime="${iso(m.created_at)}">${iso(m.created_at)}</time></p>
${m.link ? `<p><a href="${escapeMarkup(m.link)}">Sign in as ${escapeMarkup(m.to_address)}</a></p>` : ''}
<pre>${escapeMarkup(m.text_body)}</pre></article></li>`,
      )
      .join('\n');
    reply.type('text/html; charset=utf-8').header('content-security-policy', POLICY);
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Vigil Development mailbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>${STYLE}</style></head><body><main><h1>Development mailbox</h1>
<p>Mail the server would have sent. It exists only while SMTP_URL is not set, outside production.</p>
<form method="get"><label>Recipient <input name="to" type="email" value="${escapeMarkup(to)}"></label> <button>Filter</button></form>
<ul>${items || '<li><p>No messages yet.</p></li>'}</ul></main></body></html>`;
  });
}

/** The same mailbox as a call, for the console's development sign-in. */
export const devMailboxHandlers = defineHandlers({
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
});
