import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { ApiError } from '../lib/errors.js';
import { firstRow } from '../lib/sql.js';
import type { Mailer } from './mailer.js';
import { hashToken, newOpaqueToken } from './tokens.js';

export const MAGIC_LINK_ANSWER = 'If that address is registered, a magic link is on its way. It expires in 15 minutes.';

/**
 * Counts this request against the address and the client, then refuses when either is over its
 * limit. The answer is the same for registered and unknown addresses.
 */
async function enforceRateLimit(db: Db, config: ServerConfig, email: string, client: string) {
  const window = config.magicLinkLimitWindowSeconds;
  await db.execute(sql`insert into magic_link_requests (key) values (${`email:${email}`}), (${`ip:${client}`})`);
  const counts = await firstRow<{ by_email: number; by_client: number }>(
    db,
    sql`select
      count(*) filter (where key = ${`email:${email}`})::int as by_email,
      count(*) filter (where key = ${`ip:${client}`})::int as by_client
      from magic_link_requests
      where key in (${`email:${email}`}, ${`ip:${client}`}) and created_at > now() - make_interval(secs => ${window})`,
  );
  if (counts && (counts.by_email > config.magicLinkLimitPerAddress || counts.by_client > config.magicLinkLimitPerClient)) {
    throw new ApiError('rate_limited', 'Too many sign-in requests. Wait a few minutes and try again.');
  }
}

export async function requestMagicLink(db: Db, config: ServerConfig, mailer: Mailer, log: FastifyBaseLogger, rawEmail: string, client: string) {
  const email = rawEmail.trim().toLowerCase();
  await enforceRateLimit(db, config, email, client);
  const agent = await firstRow<{ id: number; org_id: number }>(
    db,
    sql`select id, org_id from agents where email = ${email} and status = 'active' and has_valid_auth`,
  );
  if (!agent) return;
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
  const agent = row
    ? await firstRow<{ id: number }>(db, sql`select id from agents where id = ${row.agent_id} and status = 'active'`)
    : undefined;
  if (!row || !agent) throw new ApiError('unauthorized', 'This sign-in link is invalid or has expired. Request a new one.');
  return { agentId: row.agent_id, orgId: row.org_id };
}
