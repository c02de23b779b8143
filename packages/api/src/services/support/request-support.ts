import type { TSupportRequestInput } from '@tieline/validation';
import type { Caller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { supportMail } from '../../mail/templates';

/** POST supportRequest: mails the request to the support address, replying to the sender. */
export async function requestSupport(deps: Deps, _caller: Caller, input: TSupportRequestInput) {
  await deps.enqueue('email', supportMail(deps.env.SUPPORT_EMAIL, input.email, input.message));
}
