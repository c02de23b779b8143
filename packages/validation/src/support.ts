import { z } from 'zod';
import { ZEmail, zMultiline } from './common';
import { MSG } from './messages';

export const ZSupportRequestInput = z.object({
  email: ZEmail,
  message: zMultiline({
    required: MSG.supportMessageRequired,
    max: 10_000,
    tooLong: 'Support request must be at most 10,000 characters',
  }),
});
export type TSupportRequestInput = z.input<typeof ZSupportRequestInput>;
