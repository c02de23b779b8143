import { supportRequests } from '@tieline/db';
import { type TSupportRequestInput, ZSupportRequestInput } from '@tieline/validation';
import type { Caller } from '../../auth/actor';
import { enforce, LIMITS } from '../../auth/rate-limit';
import type { Deps } from '../../deps';
import { supportMail } from '../../mail/templates';

/**
 * POST supportRequest (both apps; respondents are anonymous): limited per typed address as well as per
 * client address (the procedure's limit), stored, then mailed to the support address replying to the
 * sender. Stored first, so a request survives a mail failure.
 */
export async function requestSupport(deps: Deps, caller: Caller, raw: TSupportRequestInput) {
  const input = ZSupportRequestInput.parse(raw);
  await enforce(deps.db, `support:email:${input.email}`, LIMITS.supportPerEmail);
  await deps.db.insert(supportRequests).values({
    email: input.email,
    message: input.message,
    userId: caller.actor?.userId ?? null,
    ip: caller.ip,
  });
  await deps.enqueue('email', supportMail(deps.env.SUPPORT_EMAIL, input.email, input.message));
}
