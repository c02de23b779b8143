import { z } from 'zod';
import { ZEmail } from './common';
import { MSG } from './messages';

export const ZSupportRequestInput = z.object({
  email: ZEmail,
  message: z
    .string({ error: MSG.supportMessageRequired })
    .trim()
    .min(1, MSG.supportMessageRequired)
    .max(10_000, 'Support request must be at most 10,000 characters'),
});
export type TSupportRequestInput = z.input<typeof ZSupportRequestInput>;
