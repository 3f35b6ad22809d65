import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { rateLimitClient } from '../lib/client-address.js';
import { ApiError } from '../lib/errors.js';
import { RateLimitedError } from '../lib/rate-limited.js';
import { firstRow, rows } from '../db/sql.js';
import type { Mailer } from './mailer.js';
import { hashToken, newOpaqueToken } from './tokens.js';

export const MAGIC_LINK_ANSWER = 'If that address is registered, a magic link is on its way. It expires in 15 minutes.';

/**
 * Refuses a request when its client (the connection's address, or the address X-Forwarded-For gives
 * through a trusted proxy; an IPv6 client counts by its /64) has asked for too many links in the
 * window, in all or for this one address. Nothing is counted per address alone: a limit anyone may
 * spend on someone else's address would lock its owner out (docs/decisions.md, "Sign-in and
 * sessions"). Only accepted requests count, so waiting Retry-After seconds is always enough, and the
 * answer is the same for registered and unknown addresses.
 */
async function enforceRateLimit(db: Db, config: ServerConfig, email: string, client: string) {
  const window = config.magicLinkLimitWindowSeconds;
  const limits = [
    { key: `ip:${client}`, limit: config.magicLinkLimitPerClient },
    // a client address never holds a space, an email address never does either
    { key: `pair:${client} ${email}`, limit: config.magicLinkLimitPerAddress },
  ];
  const inserted = await rows<{ id: number }>(db, sql`insert into magic_link_requests (key) values (${limits[0].key}), (${limits[1].key}) returning id`);
  const counts = await rows<{ key: string; n: number }>(
    db,
    sql`select key, count(*)::int as n from magic_link_requests
      where key in (${limits[0].key}, ${limits[1].key}) and created_at > now() - make_interval(secs => ${window})
      group by key`,
  );
  const over = limits.filter(({ key, limit }) => (counts.find((c) => c.key === key)?.n ?? 0) > limit);
  if (!over.length) return;
  await db.execute(
    sql`delete from magic_link_requests where id in (${sql.join(
      inserted.map((r) => sql`${r.id}`),
      sql`, `,
    )})`,
  );
  // The next request is accepted once the limit-th newest accepted one has left the window.
  let retryAfter = 1;
  for (const { key, limit } of over) {
    const row = await firstRow<{ seconds: number }>(
      db,
      sql`select extract(epoch from created_at + make_interval(secs => ${window}) - now())::float8 as seconds
        from magic_link_requests where key = ${key} and created_at > now() - make_interval(secs => ${window})
        order by created_at desc offset ${limit - 1} limit 1`,
    );
    retryAfter = Math.max(retryAfter, row?.seconds ?? window);
  }
  throw new RateLimitedError('Too many sign-in requests. Wait a few minutes and try again.', retryAfter);
}

export async function requestMagicLink(db: Db, config: ServerConfig, mailer: Mailer, log: FastifyBaseLogger, rawEmail: string, client: string) {
  const email = rawEmail.trim().toLowerCase();
  await enforceRateLimit(db, config, email, rateLimitClient(client));
  const agent = await firstRow<{ id: number; org_id: number }>(
    db,
    sql`select id, org_id from agents where email = ${email} and status = 'active' and has_valid_auth`,
  );
  if (!agent) return;
  // However many clients ask, an address holds at most MAGIC_LINK_LIMIT_PER_ADDRESS unused, unexpired
  // links: beyond that the answer is the same but no mail goes out. Its owner can still sign in with
  // any of the links already in the inbox, which no one else can read.
  const unused = await firstRow<{ n: number }>(
    db,
    sql`select count(*)::int as n from magic_links where agent_id = ${agent.id} and used_at is null and expires_at > now()`,
  );
  if ((unused?.n ?? 0) >= config.magicLinkLimitPerAddress) {
    log.info({ agentId: agent.id, unused: unused?.n }, 'magic link not mailed: the address already holds its limit of unused links');
    return;
  }
  const token = newOpaqueToken();
  await db.execute(sql`insert into magic_links (org_id, agent_id, token_hash, expires_at)
    values (${agent.org_id}, ${agent.id}, ${hashToken(token)}, now() + make_interval(secs => ${config.magicLinkTtlSeconds}))`);
  const link = `${config.publicUrl}/email-login?token=${encodeURIComponent(token)}`;
  const mail = {
    to: email,
    subject: 'Your Vigil sign-in link',
    text: `Use this link to sign in to Vigil. It works once and expires in 15 minutes.\n\n${link}\n\nIf you did not ask for it, ignore this message.`,
    link,
    orgId: agent.org_id,
  };
  if (mailer.devMailbox) {
    await mailer.send(mail, log);
  } else {
    // SMTP can take seconds; answering at once keeps registered and unknown addresses alike in timing.
    mailer.send(mail, log).catch((err: unknown) => log.error({ err, to: email }, 'magic link mail failed'));
  }
}

/** Spends a magic-link token: single use, and only within its 15 minutes. */
export async function consumeMagicLink(db: Db, token: string): Promise<{ agentId: number; orgId: number }> {
  const row = await firstRow<{ agent_id: number; org_id: number }>(
    db,
    sql`update magic_links set used_at = now()
      where token_hash = ${hashToken(token)} and used_at is null and expires_at > now()
      returning agent_id, org_id`,
  );
  const agent = row ? await firstRow<{ id: number }>(db, sql`select id from agents where id = ${row.agent_id} and status = 'active'`) : undefined;
  if (!row || !agent) throw new ApiError('unauthorized', 'This sign-in link is invalid or has expired. Request a new one.');
  return { agentId: row.agent_id, orgId: row.org_id };
}
