import { z } from 'zod';

/** Public configuration loaded by both apps at start (spec platform §1, §3). */
export const ZConfig = z.object({
  logos: z.object({ whiteFaviconUUID: z.string(), whiteLogoUUID: z.string() }),
  assetBaseUrl: z.string(),
  paymentPublicKey: z.string(),
  analyticsKey: z.string(),
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
