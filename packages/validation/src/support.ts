import { z } from 'zod';
import { ZEmail, zMultiline } from './common';
import { MSG } from './messages';
import { strictNumber } from './strict';

export const ZSupportRequestInput = z.object({
  email: ZEmail,
  message: zMultiline({
    required: MSG.supportMessageRequired,
    max: 10_000,
    tooLong: 'Support request must be at most 10,000 characters',
  }),
});
export type TSupportRequestInput = z.input<typeof ZSupportRequestInput>;

/** A stored support request as the super admin lists it. */
export const ZSupportRequest = z.object({
  _id: z.string(),
  email: z.string(),
  message: z.string(),
  /** The signed-in user who sent it; null from the respondent app or a signed-out page. */
  userId: z.string().nullable(),
  at: z.string(),
});
export type TSupportRequest = z.infer<typeof ZSupportRequest>;

export const ZSupportListInput = z.object({
  page: strictNumber(z.number().int().min(1).max(100_000)).default(1),
  perPage: strictNumber(z.number().int().min(1).max(100)).default(20),
});
export const ZSupportPage = z.object({ rows: z.array(ZSupportRequest), total: z.number(), page: z.number() });
