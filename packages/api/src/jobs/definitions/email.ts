import { z } from 'zod';
import type { Mail } from '../../mail/mailer';
import { defineJob } from '../define';

export const ZMail = z.object({
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  replyTo: z.string().optional(),
  fromName: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
}) satisfies z.ZodType<Mail>;

/** Delivers one mail through the configured mailer (SMTP or the embedded outbox). */
export const emailJob = defineJob({
  kind: 'email',
  schema: ZMail,
  run: (deps, mail) => deps.mailer.send(mail),
});
