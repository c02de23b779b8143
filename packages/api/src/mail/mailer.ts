import { type Db, outboxMessages } from '@tieline/db';
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';

export interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  /** Display name instead of MAIL_FROM's (a survey's From); the address stays MAIL_FROM's. */
  fromName?: string;
  /** Extra headers (List-Unsubscribe, X-Tieline-Delivery). */
  headers?: Record<string, string>;
}

export interface Mailer {
  mode: 'smtp' | 'outbox';
  send: (mail: Mail) => Promise<void>;
  close: () => void;
}

/** SMTP through nodemailer when a URL is given; otherwise the embedded outbox in the database. */
export function createMailer(db: Db, opts: { smtpUrl?: string | undefined; from: string }): Mailer {
  const [parsed] = addressparser(opts.from, { flatten: true });
  const fromAddress = parsed?.address || opts.from;
  // A display name is never allowed to break the header: quotes and backslashes are dropped.
  const nameOf = (mail: Mail) => mail.fromName?.replace(/["\\\r\n]/g, '').trim();
  if (opts.smtpUrl) {
    // Time-outs, so a stalled server fails the attempt (retried later) instead of holding the worker: its
    // heartbeat renews the job's lease (jobs/lease.ts) for as long as it waits.
    const url = new URL(opts.smtpUrl);
    const secure = url.protocol === 'smtps:';
    const transport = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port) || (secure ? 465 : 587),
      secure,
      ...(url.username
        ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
        : {}),
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
      // Survey sends go out message by message: reuse connections instead of one handshake per mail.
      pool: true,
      maxConnections: 3,
    });
    return {
      mode: 'smtp',
      send: async (mail) => {
        const { fromName: _, ...message } = mail;
        const name = nameOf(mail);
        await transport.sendMail({ ...message, from: name ? { name, address: fromAddress } : opts.from });
      },
      close: () => transport.close(),
    };
  }
  return {
    mode: 'outbox',
    send: async (mail) => {
      await db.insert(outboxMessages).values({
        to: mail.to,
        from: nameOf(mail) ? `"${nameOf(mail)}" <${fromAddress}>` : opts.from,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
      });
    },
    close: () => {},
  };
}
