import type { AadUserConversationMember, Chat } from '@microsoft/microsoft-graph-types';
import { replaceMessages, type SourceMessage } from '../store/interactions';
import type { Office365Sync } from './context';
import { eachInPool } from './context';
import { graphErrorOf } from './graph-client';
import { sinceOf } from './teams-channels';
import { newest, type TeamsMessage, teamsMessageInteractions } from './teams-messages';

// Teams' chats (one-on-one, group and meeting chats): found through each person in scope
// (`/users/{id}/chats?$expand=members`, Chat.Read.All), each chat read once per sync however many of
// its members are in scope, its messages from `/chats/{id}/messages`.
//
// Incremental sync: chat messages can be filtered by last modification (newest first), so a chat's
// cursor is the newest lastModifiedDateTime stored and the next sync asks only for messages modified
// after it (less a small margin for Graph's replication lag): new and edited messages, read again
// harmlessly (replaced, not added).

/** How far before a chat's cursor each sync asks again. */
export const CHAT_MARGIN_MS = 10 * 60_000;
/** Graph's largest pages of chats and of chat messages. */
const PAGE = 50;
/** Users whose chats are listed at once. */
const CONCURRENCY = 4;

export interface TeamsChat {
  id: string;
  /** Entra ids of the members (people of other tenants included: they count as recipients). */
  members: string[];
}

type ListedChat = Pick<Chat, 'id'> & { members?: Pick<AadUserConversationMember, 'userId'>[] };

/** Every chat of the people in scope, once each. */
export async function teamsChats(s: Office365Sync, report: (done: number) => Promise<void>): Promise<TeamsChat[]> {
  const chats = new Map<string, TeamsChat>();
  let done = 0;
  await eachInPool(s.scope.users, CONCURRENCY, async (user) => {
    try {
      const path = `/users/${user.id}/chats?$expand=members&$top=${PAGE}`;
      for await (const page of s.graph.pages<ListedChat>(path))
        for (const chat of page.value) {
          if (!chat.id || chats.has(chat.id)) continue;
          const members = (chat.members ?? []).flatMap((m) => (m.userId ? [m.userId] : []));
          chats.set(chat.id, { id: chat.id, members: [...new Set(members)] });
        }
    } catch (error) {
      // No Teams for this user (unlicensed, or gone since the directory was read).
      if (graphErrorOf(error)?.status !== 404) throw error;
    }
    await report(++done / s.scope.users.length);
  });
  return [...chats.values()];
}

/** Reads and stores one chat's messages since its cursor; answers the new cursor, or undefined when gone. */
export async function syncChat(s: Office365Sync, chat: TeamsChat, cursor: string | undefined) {
  const since = new Date(sinceOf(cursor, s.keptSince, CHAT_MARGIN_MS)).toISOString();
  const conversation = { kind: 'chat' as const, id: chat.id, members: chat.members };
  const query = [
    `$top=${PAGE}`,
    `$orderby=${encodeURIComponent('lastModifiedDateTime desc')}`,
    `$filter=${encodeURIComponent(`lastModifiedDateTime gt ${since}`)}`,
  ].join('&');
  let seen = cursor;
  try {
    for await (const page of s.graph.pages<TeamsMessage>(`/chats/${chat.id}/messages?${query}`)) {
      const batch: SourceMessage[] = [];
      for (const m of page.value) {
        seen = newest(seen, m.lastModifiedDateTime);
        const message = teamsMessageInteractions(m, conversation, null);
        if (message && message.at >= s.keptSince) batch.push(message);
      }
      await replaceMessages(s.deps.db, s.ctx, s.scope.personIds, batch);
    }
  } catch (error) {
    if (graphErrorOf(error)?.status === 404) return undefined;
    throw error;
  }
  return seen;
}
