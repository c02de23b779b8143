import type { Message, Recipient } from '@microsoft/microsoft-graph-types';
import { cursorsOf, saveCursor, storeConversations } from '../slack/api-conversations';
import { replaceMessages, type SourceMessage } from '../store/interactions';
import { type Office365Sync, peopleOfAddresses, type ScopeUser, type SourceSync } from './context';
import { graphErrorOf } from './graph-client';
import { batchWriter, byAddress, eachMailbox, oncePerKey } from './writes';

// Email (office365Email): each mailbox's Sent Items, metadata only, incrementally through delta.
// - `/users/{id}/mailFolders/SentItems/messages/delta` with a `$select` of the sender, the recipients,
//   the time and the ids (never subject or body), the first round filtered to the retention window
//   (message delta accepts only `receivedDateTime ge|gt` as a filter; in Sent Items it is the send time).
// - Each message: sender -> each distinct to and cc recipient, once per message, keyed by its
//   internetMessageId (conversation 'email'), so a message in two Sent Items (sent as someone else)
//   counts once; `recipients` = distinct to + cc + bcc, for the query's maximum; bcc gives no tie.
// - Each page is stored as it comes (memory stays flat on big mailboxes); the mailbox's delta link is
//   saved only once its round is done, so a sync killed half way reads the round again (replaced, not
//   added). A delta link Exchange no longer knows (410) restarts that mailbox's window. A server that
//   answers the delta call as unknown gets the plain Sent Items list over the window instead.
// - Messages delta reports as removed (deleted, or moved out of Sent Items, as archiving policies do)
//   keep their ties: the email was sent; retention is what ends it.

/** What is read of each message: Graph answers these (and the id) only. */
const SELECT = 'sender,from,toRecipients,ccRecipients,bccRecipients,sentDateTime,internetMessageId,conversationId';
/** Messages per page asked for (Prefer: odata.maxpagesize). */
export const EMAIL_PAGE_SIZE = 500;
const CONVERSATION = 'email';
/** A mailbox's window read again after a 410 at most this often in one sync (then the job fails, to retry). */
const MAX_RESTARTS = 2;

export type SentMessage = Pick<
  Message,
  'id' | 'sender' | 'from' | 'toRecipients' | 'ccRecipients' | 'bccRecipients' | 'sentDateTime' | 'internetMessageId'
> & { '@removed'?: { reason?: string } };

const addressOf = (r: Recipient | null | undefined) => r?.emailAddress?.address?.trim().toLowerCase() || null;

/** A message's interactions by address (its people are looked up by address), with the addresses named. */
export function emailOf(
  m: SentMessage,
): { message: SourceMessage; named: { address: string; name?: string }[] } | null {
  const sender = addressOf(m.from) ?? addressOf(m.sender);
  const at = m.sentDateTime ? new Date(m.sentDateTime) : null;
  // Without an internetMessageId (not seen from Exchange), the mailbox's own id keys it: still once per copy.
  const key = m.internetMessageId || (m.id ? `id:${m.id}` : null);
  if (m['@removed'] || !sender || !key || !at || Number.isNaN(at.getTime())) return null;
  const named = new Map<string, string | undefined>([[sender, (m.from ?? m.sender)?.emailAddress?.name ?? undefined]]);
  const tied = new Set<string>();
  const all = new Set<string>();
  for (const [list, ties] of [
    [m.toRecipients, true],
    [m.ccRecipients, true],
    [m.bccRecipients, false],
  ] as const)
    for (const r of list ?? []) {
      const address = addressOf(r);
      if (!address) continue;
      all.add(address);
      if (!ties) continue;
      tied.add(address);
      if (!named.has(address)) named.set(address, r.emailAddress?.name ?? undefined);
    }
  tied.delete(sender);
  return {
    message: {
      conversation: CONVERSATION,
      messageKey: key,
      at,
      recipients: all.size,
      interactions: [...tied].map((to) => ({ type: 'email' as const, from: sender, to })),
    },
    named: [...named].filter(([a]) => a === sender || tied.has(a)).map(([address, name]) => ({ address, name })),
  };
}

type Write = ReturnType<typeof batchWriter>;

/** Stores one page of a mailbox's delta: its messages replace any earlier copy of them. */
async function storePage(s: Office365Sync, messages: SentMessage[], write: Write): Promise<number> {
  const found = messages.flatMap((m) => emailOf(m) ?? []);
  if (found.length === 0) return 0;
  const people = await peopleOfAddresses(s, byAddress(found.flatMap((f) => f.named)));
  const batch = oncePerKey(found.map((f) => f.message));
  await write(batch, () => replaceMessages(s.deps.db, s.ctx, people, batch));
  return batch.length;
}

const firstRound = (user: ScopeUser, since: Date) =>
  `/users/${user.id}/mailFolders/SentItems/messages/delta?$select=${SELECT}&$filter=${encodeURIComponent(`receivedDateTime ge ${since.toISOString()}`)}`;
const HEADERS = { Prefer: `odata.maxpagesize=${EMAIL_PAGE_SIZE}` };

/**
 * Sent Items listed without delta, for a server that answers the delta call as unknown (400, 404, 501):
 * the window is read again at each sync (replacing, so nothing counts twice), and no link is kept.
 */
async function listMailbox(s: Office365Sync, user: ScopeUser, write: Write) {
  const path = `/users/${user.id}/mailFolders/SentItems/messages?$select=${SELECT}&$filter=${encodeURIComponent(`sentDateTime ge ${s.keptSince.toISOString()}`)}`;
  for await (const page of s.graph.pages<SentMessage>(path, HEADERS)) await storePage(s, page.value, write);
}

/** One mailbox's round of delta, from its saved delta link or from the window's start. */
async function syncMailbox(s: Office365Sync, user: ScopeUser, cursor: string | undefined, write: Write) {
  let start = cursor ?? firstRound(user, s.keptSince);
  let restarts = 0;
  for (;;) {
    let pages = 0;
    try {
      let deltaLink: string | undefined;
      for await (const page of s.graph.pages<SentMessage>(start, HEADERS)) {
        pages++;
        await storePage(s, page.value, write);
        deltaLink = page['@odata.deltaLink'] ?? deltaLink;
      }
      if (deltaLink) await saveCursor(s.deps.db, s.connection.id, user.id, deltaLink);
      return;
    } catch (error) {
      const status = graphErrorOf(error)?.status;
      if (pages === 0 && !cursor && (status === 400 || status === 404 || status === 501))
        return await listMailbox(s, user, write).catch((again: unknown) => {
          if (graphErrorOf(again)?.status !== 404) throw again;
        });
      // Exchange dropped the sync state (syncStateNotFound, resyncRequired): the window again;
      // what is read again replaces what was stored.
      if (status === 410 && restarts < MAX_RESTARTS) {
        restarts++;
        start = firstRound(user, s.keptSince);
        continue;
      }
      // No mailbox (no Exchange licence, MailboxNotEnabledForRESTAPI) or gone since the directory: skipped.
      if (status === 404) return;
      throw error;
    }
  }
}

export const syncEmail: SourceSync = async (s) => {
  const mailboxes = s.scope.users.filter((u) => u.enabled && u.email);
  await storeConversations(
    s.deps.db,
    s.connection.id,
    mailboxes.map((u) => ({ id: u.id, name: '', kind: 'mailbox', archived: false, members: [] })),
    s.scope.personIds,
  );
  const cursors = await cursorsOf(s.deps.db, s.connection.id);
  const write = batchWriter();
  let done = 0;
  await eachMailbox(
    mailboxes,
    (user) => syncMailbox(s, user, cursors.get(user.id), write),
    () => s.report(++done / mailboxes.length),
  );
};
