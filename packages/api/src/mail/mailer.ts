import { type Db, outboxMessages } from '@tieline/db';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
}

export interface Mailer {
  mode: 'smtp' | 'outbox';
  send: (mail: Mail) => Promise<void>;
  close: () => void;
}

/** SMTP through nodemailer when a URL is given; otherwise the embedded outbox in the database. */
export function createMailer(db: Db, opts: { smtpUrl?: string | undefined; from: string }): Mailer {
  if (opts.smtpUrl) {
    // Time-outs well inside the job lease (LEASE_MS), so a stalled server fails the job instead of
    // letting another worker take it while this one still sends.
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
    });
    return {
      mode: 'smtp',
      send: async (mail) => {
        await transport.sendMail({ from: opts.from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  return {
    mode: 'outbox',
    send: async (mail) => {
      await db.insert(outboxMessages).values({
        to: mail.to,
        from: opts.from,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
      });
    },
    close: () => {},
  };
}
