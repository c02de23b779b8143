import type { Db } from '@tieline/db';
import type { SecretBox } from './auth/secrets';
import type { TEnv } from './env';
import type { Enqueue } from './jobs/payloads';
import { enqueue } from './jobs/queue';
import type { PaymentProvider } from './services/billing/payments';
import type { FileStorage } from './storage';
import type { FairSlots } from './workers/fair-slots';

/** What services need from the running server, built once in createServer and passed down. */
export interface Deps {
  db: Db;
  env: TEnv;
  /** Origin the apps are reached at, for links in mail (no trailing slash). */
  publicUrl: string;
  /** PUBLIC_URL's origin: the only origin whose pages may change state. */
  publicOrigin: string;
  mailMode: 'smtp' | 'outbox';
  /** Whether /mailbox may show the embedded outbox (see mailboxOpen in env.ts). */
  mailboxOpen: boolean;
  /** Where files live (survey images, logos): local disk under $DATA_DIR/files by default. */
  storage: FileStorage;
  /** Seals secrets kept at rest (TOTP secrets) under SECRET_KEY or the data directory's key file. */
  secrets: SecretBox;
  /** Queues background work (mail, ...); the job worker runs it outside the request. */
  enqueue: Enqueue;
  /** The card payment provider, or null when payments are not configured. */
  payments: PaymentProvider | null;
  /** This server's slots for heavy runs (AONA, network metrics, Discover summaries), accounts in turn. */
  analysisSlots: FairSlots;
  /** This server's slots for workers a request starts (uploads read, whole networks changed or exported). */
  workSlots: FairSlots;
}

export function jobEnqueuer(db: Db, wake: () => void): Enqueue {
  return async (kind, payload, opts) => {
    await enqueue(db, kind, payload, opts);
    wake();
  };
}
