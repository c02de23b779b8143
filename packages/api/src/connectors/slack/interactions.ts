import type { SourceMessage } from '../store/interactions';

// Slack's messages -> interactions (docs/passive-data.md says the same in words). Used alike by the
// export reader and the API sync, so both give the same network from the same messages. The text is
// read here only to find mentions; it is never kept.

/** The parts of a Slack message this reads (conversations.history / export day files). */
export interface SlackMessage {
  type?: string;
  subtype?: string;
  user?: string;
  bot_id?: string;
  ts: string;
  thread_ts?: string;
  parent_user_id?: string;
  text?: string;
  blocks?: unknown[];
  reactions?: { name?: string; users?: string[] }[];
}

export interface SlackConversation {
  id: string;
  /** im and mpim are direct messages: each message is a tie to each other member. */
  kind: 'channel' | 'private' | 'im' | 'mpim';
  members: string[];
}

/** Subtypes made by people: everything else (joins, topic changes, pins, bots...) is a system message. */
const COUNTED_SUBTYPES = new Set([undefined, 'thread_broadcast', 'file_share', 'me_message']);

/** Whether a message counts: a person wrote it (not a bot or Slackbot), and it is not a system message. */
export function isCounted(m: SlackMessage): boolean {
  return typeof m.user === 'string' && m.user !== 'USLACKBOT' && !m.bot_id && COUNTED_SUBTYPES.has(m.subtype);
}

const MENTION = /<@([UW][A-Z0-9]+)(?:\|[^>]*)?>/g;

/** The distinct users a message mentions, in its text or as user elements of its blocks. */
export function mentionedUsers(m: SlackMessage): Set<string> {
  const found = new Set<string>();
  for (const match of (m.text ?? '').matchAll(MENTION)) found.add(match[1]!);
  const walk = (node: unknown, depth: number) => {
    if (depth > 20 || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const n of node) walk(n, depth + 1);
      return;
    }
    const o = node as Record<string, unknown>;
    if (o.type === 'user' && typeof o.user_id === 'string') found.add(o.user_id);
    if (Array.isArray(o.elements)) walk(o.elements, depth + 1);
  };
  walk(m.blocks, 0);
  return found;
}

/** Slack's `ts` ("1700000000.000200") as a date. */
export const tsDate = (ts: string) => new Date(Math.round(Number.parseFloat(ts) * 1000));

/**
 * The interactions of one message. `parentAuthor` finds the author of a thread's parent when the
 * message does not say (`parent_user_id`). Self-interactions are dropped later, by the store.
 */
export function slackMessageInteractions(
  m: SlackMessage,
  conversation: SlackConversation,
  parentAuthor: (threadTs: string) => string | undefined,
): SourceMessage | null {
  if (!isCounted(m) || !Number.isFinite(Number.parseFloat(m.ts))) return null;
  const author = m.user!;
  const interactions: SourceMessage['interactions'] = [];
  if (m.thread_ts && m.thread_ts !== m.ts) {
    const parent = m.parent_user_id ?? parentAuthor(m.thread_ts);
    if (parent) interactions.push({ type: 'reply', from: author, to: parent });
  }
  for (const user of mentionedUsers(m)) interactions.push({ type: 'mention', from: author, to: user });
  for (const reaction of m.reactions ?? [])
    for (const user of new Set(reaction.users ?? [])) interactions.push({ type: 'reaction', from: user, to: author });
  const direct = conversation.kind === 'im' || conversation.kind === 'mpim';
  if (direct)
    for (const member of conversation.members) interactions.push({ type: 'directMessage', from: author, to: member });
  return {
    conversation: conversation.id,
    messageKey: m.ts,
    at: tsDate(m.ts),
    // A direct message reaches the conversation's other members; the query drops group DMs larger
    // than its maximum recipients (members counted, the sender included).
    recipients: direct ? conversation.members.length : 1,
    interactions,
  };
}
