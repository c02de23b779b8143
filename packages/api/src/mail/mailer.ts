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
    const transport = nodemailer.createTransport(opts.smtpUrl);
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
