import { z } from 'zod';
import { ZOrganizationLogos } from './organization-logos';

/** Public configuration loaded by both apps at start (spec platform §1, §3). */
export const ZConfig = z.object({
  /** The signed-in user's organization's logos (none for anonymous callers and individual accounts). */
  logos: ZOrganizationLogos,
  /** A logo's address is this plus its UUID (spec §3). */
  logoBaseUrl: z.string(),
  assetBaseUrl: z.string(),
  paymentPublicKey: z.string(),
  /** Analytics project key; empty means the admin app sends nothing and never loads the library. */
  analyticsKey: z.string(),
  analyticsHost: z.string(),
  /** Admin route pattern (e.g. '/surveys/:id/questions') -> tutorial video address, for Help > Watch Tutorial. */
  tutorialVideos: z.record(z.string(), z.string()),
  publicUrl: z.string(),
  /** True when mail goes to the embedded outbox (no SMTP server configured). */
  mailbox: z.boolean(),
  supportEmail: z.string(),
});
export type TConfig = z.infer<typeof ZConfig>;

export const ZOutboxMessage = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;
