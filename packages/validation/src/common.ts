import { z } from 'zod';
import { MSG } from './messages';
import { emailProblem } from './rules';
import { cleanLine, cleanMultiline, isBrokenText } from './text';

export const ZId = z.uuid({ message: 'Invalid id' });

/** An email address: the one rule (emailProblem) the respondent app runs too, then lower-cased. */
export const ZEmail = z
  .string({ error: MSG.emailRequired })
  .meta({ format: 'email', maxLength: 254 })
  .transform((v) => v.trim())
  .superRefine((v, ctx) => {
    const problem = emailProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((v) => v.toLowerCase());

/** Tokens sent by email: base32 text, fixed shape so junk is refused before any lookup. */
export const ZToken = z.string({ error: 'Token is required' }).regex(/^[a-z2-7]{16,64}$/, 'Invalid token');

export const ZOk = z.object({ ok: z.literal(true) });
export type TOk = z.infer<typeof ZOk>;

/** Limits of a free-text field: `required` is the message for a missing, non-string or empty value. */
export interface TextLimits {
  required: string;
  max: number;
  tooLong: string;
  /** Accept '' (an optional field left blank). */
  allowEmpty?: boolean;
}

function text(limits: TextLimits, clean: (s: string) => string) {
  const { required, max, tooLong, allowEmpty } = limits;
  const min = allowEmpty ? 0 : 1;
  return z
    .string({ error: required })
    .min(min, required)
    .max(max, tooLong)
    .refine((s) => !isBrokenText(s), MSG.badCharacters)
    .transform(clean)
    .pipe(z.string().min(min, required));
}

/**
 * Free-text fields: broken text (NUL, lone surrogates) is refused with a message, other control
 * characters are stripped and the ends trimmed, then the field must still not be empty. Every
 * free-text field of every form is one of these two.
 */
export const zLine = (limits: TextLimits) => text(limits, cleanLine);
export const zMultiline = (limits: TextLimits) => text(limits, cleanMultiline);
