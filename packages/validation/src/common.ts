import { z } from 'zod';
import { MSG } from './messages';

export const ZId = z.uuid({ message: 'Invalid id' });

export const ZEmail = z
  .string({ error: MSG.emailRequired })
  .trim()
  .min(1, MSG.emailRequired)
  .max(254, MSG.emailInvalid)
  .pipe(z.email({ error: MSG.emailInvalid }))
  .transform((v) => v.toLowerCase());

/** Tokens sent by email: base32 text, fixed shape so junk is refused before any lookup. */
export const ZToken = z.string({ error: 'Token is required' }).regex(/^[a-z2-7]{16,64}$/, 'Invalid token');

export const ZOk = z.object({ ok: z.literal(true) });
export type TOk = z.infer<typeof ZOk>;
