import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../auth/mailer.js';
import { hashToken, newOpaqueToken } from '../../auth/tokens.js';
import type { ServerConfig } from '../../config.js';
import type { SqlRunner } from '../../db/sql.js';

/** An invitation link lasts a week: an invitee may not read their mail within a sign-in link's 15 minutes. */
export const INVITE_TTL_SECONDS = 7 * 86_400;

export interface Invitee {
  id: number;
  orgId: number;
  email: string;
  fullName: string;
}

/**
 * Records a single-use sign-in link for the invitee (the same kind of link the login page mails,
 * so the email-login screen spends it) and returns the mail that carries it.
 */
export async function createInvitation(db: SqlRunner, config: ServerConfig, invitee: Invitee, inviterName: string, orgName: string) {
  const token = newOpaqueToken();
  await db.execute(sql`insert into magic_links (org_id, agent_id, token_hash, expires_at)
    values (${invitee.orgId}, ${invitee.id}, ${hashToken(token)}, now() + make_interval(secs => ${INVITE_TTL_SECONDS}))`);
  const link = `${config.publicUrl}/email-login?token=${encodeURIComponent(token)}`;
  return {
    to: invitee.email,
    subject: `${inviterName} invited you to Vigil`,
    text:
      `Hello ${invitee.fullName},\n\n${inviterName} invited you to work in ${orgName} on Vigil. ` +
      `Use this link to sign in; it works once and expires in 7 days.\n\n${link}\n\n` +
      `Later, sign in from the login page with your work email.`,
    link,
    orgId: invitee.orgId,
  };
}

/** Sends after the invitation is committed; a failed SMTP send is logged (the invitee can use the login page). */
export async function sendInvitation(mailer: Mailer, log: FastifyBaseLogger, mail: Awaited<ReturnType<typeof createInvitation>>) {
  if (mailer.devMailbox) return mailer.send(mail, log);
  mailer.send(mail, log).catch((err: unknown) => log.error({ err, to: mail.to }, 'invitation mail failed'));
}
