import type { ChatMessage } from '@microsoft/microsoft-graph-types';
import type { SourceMessage } from '../store/interactions';

// Teams messages -> interactions (docs/passive-data.md says the same in words), the Slack rules in
// Graph's shapes: a reply gives replier -> the thread's author ('teamsReply'), each user mentioned
// gives author -> mentioned ('teamsMention'), a chat message gives sender -> each other member of the
// chat ('teamsChat'). System messages (messageType other than 'message'), deleted messages and
// messages sent by an application or bot give nothing. People are Entra object ids (`from.user.id`),
// the directory's source ids: users outside the scope are dropped by the store, as are self-ties.
// The body is never read: Graph lists mentions apart from it.

/** The parts of a chatMessage this reads (bodies and subjects are served by Graph, and ignored). */
export type TeamsMessage = Pick<
  ChatMessage,
  'id' | 'replyToId' | 'messageType' | 'createdDateTime' | 'lastModifiedDateTime' | 'deletedDateTime' | 'mentions'
> & { from?: { user?: { id?: string | null } | null; application?: unknown } | null };

/** Where a message was posted: a channel (threads) or a chat (its members). */
export type TeamsConversation = { kind: 'channel'; id: string } | { kind: 'chat'; id: string; members: string[] };

/** The author of a message that counts: a person (not an application), a real message, not deleted. */
export function authorOf(m: TeamsMessage): string | null {
  if (m.messageType !== 'message' || m.deletedDateTime) return null;
  if (m.from?.application) return null;
  return m.from?.user?.id ?? null;
}

/**
 * The interactions of one message; null when it has no id or date. A message that no longer counts
 * (deleted, edited into a system message) answers no interactions, so storing it removes the ones an
 * earlier sync kept. `parentAuthor` is the author of the thread a channel reply belongs to.
 */
export function teamsMessageInteractions(
  m: TeamsMessage,
  conversation: TeamsConversation,
  parentAuthor: string | null,
): SourceMessage | null {
  const at = m.createdDateTime ? new Date(m.createdDateTime) : null;
  if (!m.id || !at || Number.isNaN(at.getTime())) return null;
  const author = authorOf(m);
  const interactions: SourceMessage['interactions'] = [];
  if (author) {
    if (conversation.kind === 'channel' && m.replyToId && parentAuthor)
      interactions.push({ type: 'teamsReply', from: author, to: parentAuthor });
    const mentioned = new Set((m.mentions ?? []).flatMap((x) => (x.mentioned?.user?.id ? [x.mentioned.user.id] : [])));
    for (const user of mentioned) interactions.push({ type: 'teamsMention', from: author, to: user });
    if (conversation.kind === 'chat')
      for (const member of conversation.members) interactions.push({ type: 'teamsChat', from: author, to: member });
  }
  return {
    conversation: conversation.id,
    messageKey: m.id,
    at,
    // A chat message reaches the chat's other members: the query drops chats larger than its maximum
    // recipients, as it drops emails to more recipients.
    recipients: conversation.kind === 'chat' ? Math.max(1, conversation.members.length - 1) : 1,
    interactions,
  };
}

/** The newest of two ISO times (either may be missing). */
export const newest = (a: string | undefined, b: string | null | undefined): string | undefined =>
  !b ? a : !a || Date.parse(b) > Date.parse(a) ? b : a;
