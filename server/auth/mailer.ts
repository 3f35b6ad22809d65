import nodemailer from 'nodemailer';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/client.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  link: string | null;
  orgId: number | null;
}

export interface Mailer {
  /** True when mail goes to the development mailbox instead of an SMTP server. */
  readonly devMailbox: boolean;
  send: (mail: OutgoingMail, log: FastifyBaseLogger) => Promise<void>;
}

/**
 * With SMTP_URL, mail leaves through SMTP. Without it (and outside production) it lands in the
 * development mailbox table, readable at /api/dev/mailbox and /dev/mailbox, and in the log.
 */
export function createMailer(config: ServerConfig, db: Db): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      devMailbox: false,
      async send(mail) {
        await transport.sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text });
      },
    };
  }
  return {
    devMailbox: !config.production,
    async send(mail, log) {
      if (config.production) {
        log.error({ to: mail.to }, 'mail not sent: SMTP_URL is not configured');
        return;
      }
      await db.execute(sql`insert into mail_outbox (org_id, to_address, subject, text_body, link)
        values (${mail.orgId}, ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.link})`);
      log.info({ to: mail.to, link: mail.link }, `development mailbox: ${mail.subject}`);
    },
  };
}
