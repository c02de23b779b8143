import { cursorsOf, saveCursor, storeConversations } from '../slack/api-conversations';
import type { Office365Sync } from './context';
import { eachInPool } from './context';
import { syncChannel, teamsChannels } from './teams-channels';
import { syncChat, teamsChats } from './teams-chats';

// Microsoft Teams (microsoftTeams): channel messages with their replies, and chats. The channels and
// chats are listed first (a tenth of the progress), then each conversation is read from its own
// cursor, kept in passive_conversations (kind 'channel' or 'chat') and saved only once that
// conversation is read to the end: a sync killed half way reads the unfinished ones again, and
// replaceMessages makes reading a message again harmless. Progress: conversations done / total.

/** Conversations read at once. */
const CONCURRENCY = 4;

export async function syncTeams(s: Office365Sync): Promise<void> {
  const { db } = s.deps;
  const connectionId = s.connection.id;
  const channels = await teamsChannels(s);
  await s.report(0.05);
  const chats = await teamsChats(s, (part) => s.report(0.05 + 0.05 * part));
  await storeConversations(
    db,
    connectionId,
    [
      ...channels.map((c) => ({ id: c.id, name: c.name, kind: 'channel', archived: false, members: [] })),
      // A chat's topic is left out, as an email's subject is.
      ...chats.map((c) => ({ id: c.id, name: '', kind: 'chat', archived: false, members: c.members })),
    ],
    s.scope.personIds,
  );
  const cursors = await cursorsOf(db, connectionId);
  const work = [
    ...channels.map((c) => ({ id: c.id, read: (cursor?: string) => syncChannel(s, c, cursor) })),
    ...chats.map((c) => ({ id: c.id, read: (cursor?: string) => syncChat(s, c, cursor) })),
  ];
  let done = 0;
  await eachInPool(work, CONCURRENCY, async (conversation) => {
    const cursor = cursors.get(conversation.id);
    const next = await conversation.read(cursor);
    if (next !== undefined && next !== cursor) await saveCursor(db, connectionId, conversation.id, next);
    await s.report(0.1 + (0.9 * ++done) / work.length);
  });
}
