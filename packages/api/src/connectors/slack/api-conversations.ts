import type { WebClient } from '@slack/web-api';
import { type Db, rowsOf, sql } from '@tieline/db';
import { slackErrorOf } from './api-client';
import { PAGE } from './api-people';
import type { SlackConversation } from './interactions';

// The conversations a Slack app sees (conversations.list + conversations.members), and their rows in
// passive_conversations: members as person ids (for lists kept in sync with a channel or user group)
// and the sync cursor, which only the history sync moves.

export interface ApiConversation extends SlackConversation {
  name: string;
  archived: boolean;
}

interface ListedChannel {
  id?: string;
  name?: string;
  is_im?: boolean;
  is_mpim?: boolean;
  is_private?: boolean;
  is_group?: boolean;
  is_archived?: boolean;
}

const kindOf = (c: ListedChannel): SlackConversation['kind'] =>
  c.is_im ? 'im' : c.is_mpim ? 'mpim' : c.is_private || c.is_group ? 'private' : 'channel';

/**
 * The conversations to read: every channel, private channel, DM and group DM the app sees (archived
 * ones too: their history still happened; marked archived), or, when the connection is restricted to
 * chosen channels, those channels only (no DMs: a privacy officer choosing channels means only them).
 */
export async function slackConversations(client: WebClient, channelIds: string[]): Promise<ApiConversation[]> {
  const chosen = new Set(channelIds);
  const types = chosen.size > 0 ? 'public_channel,private_channel' : 'public_channel,private_channel,mpim,im';
  const found: ApiConversation[] = [];
  for await (const page of client.paginate('conversations.list', { types, exclude_archived: false, limit: PAGE })) {
    for (const c of (page as { channels?: ListedChannel[] }).channels ?? []) {
      if (!c.id || (chosen.size > 0 && !chosen.has(c.id))) continue;
      const kind = kindOf(c);
      // DM names are user handles; only channels keep their names (lists are made from them).
      const name = kind === 'channel' || kind === 'private' ? (c.name ?? '') : '';
      found.push({ id: c.id, kind, name, archived: !!c.is_archived, members: [] });
    }
  }
  for (const c of found) {
    try {
      for await (const page of client.paginate('conversations.members', { channel: c.id, limit: PAGE }))
        c.members.push(...((page as { members?: string[] }).members ?? []));
    } catch (error) {
      // Gone or closed to the app since it was listed: no members (its history is skipped alike).
      const code = slackErrorOf(error)?.error;
      if (code !== 'channel_not_found' && code !== 'not_in_channel') throw error;
    }
  }
  return found;
}

/** Stores the conversations (and user groups) with their members as person ids; cursors are kept. */
export async function storeConversations(
  db: Db,
  connectionId: string,
  conversations: { id: string; name: string; kind: string; archived: boolean; members: string[] }[],
  people: Map<string, number>,
): Promise<void> {
  if (conversations.length === 0) return;
  const rows = conversations.map((c) => ({
    external_id: c.id,
    name: c.name,
    kind: c.kind,
    archived: c.archived,
    members: [...new Set(c.members.flatMap((m) => (people.has(m) ? [people.get(m)!] : [])))],
  }));
  await upsertConversations(db, connectionId, rows);
}

/** The one statement that writes conversations (cursors are kept); answers each one's cursor. */
export async function upsertConversations(
  db: Db,
  connectionId: string,
  rows: { external_id: string; name: string; kind: string; members: number[]; archived: boolean }[],
): Promise<{ external_id: string; cursor: string | null }[]> {
  return rowsOf<{ external_id: string; cursor: string | null }>(
    await db.execute(sql`
      insert into passive_conversations (connection_id, external_id, name, kind, members, archived)
      select ${connectionId}::uuid, r.external_id, r.name, r.kind, r.members, r.archived
      from json_to_recordset(${JSON.stringify(rows)}::json)
        as r(external_id text, name text, kind text, members jsonb, archived boolean)
      on conflict (connection_id, external_id) do update set
        name = excluded.name, kind = excluded.kind, members = excluded.members, archived = excluded.archived
      returning external_id, cursor`),
  );
}

/** Each conversation's cursor: the newest top-level message `ts` already stored. */
export async function cursorsOf(db: Db, connectionId: string): Promise<Map<string, string>> {
  const rows = rowsOf<{ external_id: string; cursor: string }>(
    await db.execute(sql`
      select external_id, cursor from passive_conversations
      where connection_id = ${connectionId}::uuid and cursor is not null`),
  );
  return new Map(rows.map((r) => [r.external_id, r.cursor]));
}

export async function saveCursor(db: Db, connectionId: string, conversationId: string, cursor: string) {
  await db.execute(sql`
    update passive_conversations set cursor = ${cursor}
    where connection_id = ${connectionId}::uuid and external_id = ${conversationId}`);
}
