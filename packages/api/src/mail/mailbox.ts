import type { Caller } from '../auth/actor';
import type { Deps } from '../deps';

/**
 * Whether this caller may read the embedded outbox (it holds password-reset links): the server allows
 * it at all (mailboxOpen), and the request comes from this machine unless the operator opened it to
 * everyone with MAILBOX=on.
 */
export function canReadMailbox(deps: Deps, caller: Caller): boolean {
  return deps.mailboxOpen && (deps.env.MAILBOX === 'on' || caller.local);
}
