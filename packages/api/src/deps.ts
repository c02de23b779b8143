import type { Db } from '@tieline/db';
import type { TEnv } from './env';
import { enqueue } from './jobs/queue';
import type { Mail } from './mail/mailer';

/** What services need from the running server, built once in createServer and passed down. */
export interface Deps {
  db: Db;
  env: TEnv;
  /** Origin the apps are reached at, for links in mail (no trailing slash). */
  publicUrl: string;
  mailMode: 'smtp' | 'outbox';
  /** Whether /mailbox may show the embedded outbox (see mailboxOpen in env.ts). */
  mailboxOpen: boolean;
  /** Queues a mail; the job worker delivers it outside the request. */
  queueMail: (mail: Mail) => Promise<void>;
}

export function mailQueue(db: Db, wake: () => void) {
  return async (mail: Mail) => {
    await enqueue(db, 'email', mail);
    wake();
  };
}
