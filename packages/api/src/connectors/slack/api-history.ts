import type { WebClient } from '@slack/web-api';
import type { Db } from '@tieline/db';
import type { StoreContext } from '../store/context';
import { replaceMessages, type SourceMessage } from '../store/interactions';
import { slackErrorOf } from './api-client';
import type { ApiConversation } from './api-conversations';
import { PAGE } from './api-people';
import { type SlackMessage, slackMessageInteractions } from './interactions';

// One conversation's messages since its cursor (conversations.history), with the threads that got new
// replies (conversations.replies), stored page by page through replaceMessages: idempotent by
// conversation + ts, so a sync that stops half way and runs again stores each message once.
//
// Incremental sync: the cursor is the newest top-level `ts` stored. The next sync reads history from
// LOOKBACK before the cursor: messages it already stored are replaced (reactions added since count),
// and a thread is re-read when its `latest_reply` is newer than the cursor, so replies to a thread
// started before the last sync are found. Replies to threads whose parent is older than LOOKBACK
// before the cursor are not seen (Slack offers no "threads changed since" call; re-reading all history
// daily would cost a workspace's whole history in calls).

/** How far before the cursor each sync looks again for new reactions and new thread replies. */
export const LOOKBACK_SECONDS = 14 * 86_400;

interface HistoryMessage extends SlackMessage {
  reply_count?: number;
  latest_reply?: string;
}

const num = (ts: string) => Number.parseFloat(ts);

/** Where a conversation's history read starts: the window kept (retention), and LOOKBACK before the cursor. */
export function oldestOf(cursor: string | undefined, keptSince: Date): string {
  const kept = keptSince.getTime() / 1000;
  const from = cursor === undefined ? kept : Math.max(kept, num(cursor) - LOOKBACK_SECONDS);
  return from.toFixed(6);
}

/**
 * Reads and stores one conversation; answers its new cursor (unchanged when nothing newer came), or
 * null when the app cannot read it (not invited to the channel: members are known, history is not).
 */
export async function syncHistory(
  client: WebClient,
  db: Db,
  ctx: StoreContext,
  people: Map<string, number>,
  conversation: ApiConversation,
  cursor: string | undefined,
  keptSince: Date,
): Promise<string | null> {
  let newest = cursor;
  const args = { channel: conversation.id, oldest: oldestOf(cursor, keptSince), inclusive: false, limit: PAGE };
  try {
    for await (const page of client.paginate('conversations.history', args)) {
      const batch = new Map<string, SourceMessage>();
      const add = (m: SlackMessage, parentAuthor?: string) => {
        const message = slackMessageInteractions(m, conversation, () => parentAuthor);
        // Keyed by ts: a thread broadcast is in the history and in its thread, and counts once.
        if (message) batch.set(message.messageKey, message);
      };
      for (const m of (page as { messages?: HistoryMessage[] }).messages ?? []) {
        if (!m.ts) continue;
        const topLevel = !m.thread_ts || m.thread_ts === m.ts;
        if (topLevel && (newest === undefined || num(m.ts) > num(newest))) newest = m.ts;
        add(m);
        const changed = cursor === undefined || num(m.ts) > num(cursor) || num(m.latest_reply ?? '0') > num(cursor);
        if (topLevel && (m.reply_count ?? 0) > 0 && changed) {
          for (const reply of await threadReplies(client, conversation.id, m.ts)) add(reply, m.user);
        }
      }
      await replaceMessages(db, ctx, people, [...batch.values()]);
    }
  } catch (error) {
    const code = slackErrorOf(error)?.error;
    if (code === 'not_in_channel' || code === 'channel_not_found') return null;
    throw error;
  }
  return newest ?? null;
}

/** A thread's replies (the parent, which Slack answers first, left out). */
async function threadReplies(client: WebClient, channel: string, ts: string): Promise<SlackMessage[]> {
  const replies: SlackMessage[] = [];
  for await (const page of client.paginate('conversations.replies', { channel, ts, limit: PAGE })) {
    for (const m of (page as { messages?: SlackMessage[] }).messages ?? []) if (m.ts && m.ts !== ts) replies.push(m);
  }
  return replies;
}
