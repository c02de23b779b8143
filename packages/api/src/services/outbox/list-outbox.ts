import { desc, outboxMessages } from '@tieline/db';
import { MSG, type TOutboxMessage } from '@tieline/validation';
import type { Caller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { canReadMailbox } from '../../mail/mailbox';

/** The newest mail in the embedded outbox, only while the outbox may be read (see mailboxOpen). */
export async function listOutbox(deps: Deps, caller: Caller): Promise<TOutboxMessage[]> {
  if (!canReadMailbox(deps, caller)) throw new AppError('NOT_FOUND', MSG.notFound);
  const rows = await deps.db.select().from(outboxMessages).orderBy(desc(outboxMessages.createdAt)).limit(100);
  return rows.map((r) => ({
    _id: r.id,
    to: r.to,
    subject: r.subject,
    html: r.html,
    text: r.text,
    createdAt: r.createdAt.toISOString(),
  }));
}
