import { access } from 'node:fs/promises';
import { and, eq, passiveConnections, sql } from '@tieline/db';
import { PASSIVE_MSG } from '@tieline/validation';
import type { Entry } from 'yauzl';
import { replaceMessages, type SourceMessage } from '../store/interactions';
import { upsertPeople } from '../store/people';
import { SyncError } from '../sync-error';
import type { Syncer } from '../syncer';
import { upsertConversations } from './api-conversations';
import {
  CONVERSATION_LISTS,
  type ExportConversation,
  exportConversations,
  exportPeople,
  teamIdOf,
} from './export-lists';
import { deleteUpload, uploadPath } from './export-upload';
import { ExportFileError, type ExportIndex, exportLimits, openExport, readJson } from './export-zip';
import { type SlackMessage, slackMessageInteractions } from './interactions';

// The import of an uploaded Slack export (connections of method 'export'): people from users.json,
// conversations from the lists, then each conversation's day files, one file in memory at a time,
// stored by replaceMessages in batches of several days. A killed import is re-run by the job queue
// from the start; replaceMessages keys every message by (conversation, ts), so nothing counts twice,
// and each conversation's cursor (the last day stored) lets the re-run skip the days before it,
// reading them only for thread parents. The last stored day is read again: a later export may hold
// more of it. Message text is read only to find mentions, and never kept.

/** Messages stored per transaction (several days of a busy channel). */
const BATCH_MESSAGES = 5_000;

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** The parts of a day file's message the rules read, with their types checked (a file is user input). */
function slackMessage(raw: unknown): SlackMessage | null {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const m = raw as Record<string, unknown>;
  const ts = str(m.ts);
  if (!ts) return null;
  const reactions = Array.isArray(m.reactions)
    ? m.reactions.map((r: { users?: unknown }) => ({
        users: Array.isArray(r?.users) ? r.users.filter((u): u is string => typeof u === 'string') : [],
      }))
    : undefined;
  return {
    ts,
    type: str(m.type),
    subtype: str(m.subtype),
    user: str(m.user),
    bot_id: str(m.bot_id),
    thread_ts: str(m.thread_ts),
    parent_user_id: str(m.parent_user_id),
    text: str(m.text),
    blocks: Array.isArray(m.blocks) ? m.blocks : undefined,
    reactions,
  };
}

async function readArray(index: ExportIndex, entry: Entry): Promise<unknown[]> {
  const value = await readJson(index, entry);
  if (!Array.isArray(value)) {
    throw new ExportFileError('badJson', PASSIVE_MSG.exportBadJson(entry.fileName.slice(index.root.length)));
  }
  return value;
}

export const slackExportSync: Syncer = async (deps, connection, ctx, report) => {
  const key = connection.uploadKey;
  // Nothing waiting: an export connection changes only by a new upload.
  if (!key) return;
  const path = uploadPath(deps.env, key);
  try {
    await access(path);
  } catch {
    throw new SyncError(PASSIVE_MSG.exportGone);
  }
  let index: ExportIndex;
  try {
    index = await openExport(path, exportLimits(deps.env));
  } catch (error) {
    throw await failed(error);
  }
  try {
    await importExport(deps, connection.id, ctx, index, report);
  } catch (error) {
    throw await failed(error);
  } finally {
    index.zip.close();
  }
  // Imported: the zip (which holds message text) goes, unless a newer upload took its place meanwhile.
  await deps.db
    .update(passiveConnections)
    .set({ uploadKey: null })
    .where(and(eq(passiveConnections.id, connection.id), eq(passiveConnections.uploadKey, key)));
  await deleteUpload(deps.env, key);

  /** A bad file fails the connection for good (retrying cannot mend it): its zip is deleted too. */
  async function failed(error: unknown) {
    if (!(error instanceof ExportFileError)) return error;
    await deps.db
      .update(passiveConnections)
      .set({ uploadKey: null })
      .where(and(eq(passiveConnections.id, connection.id), eq(passiveConnections.uploadKey, key!)));
    await deleteUpload(deps.env, key);
    return new SyncError(error.message);
  }
};

async function importExport(
  deps: Parameters<Syncer>[0],
  connectionId: string,
  ctx: Parameters<Syncer>[2],
  index: ExportIndex,
  report: (progress: number) => Promise<void>,
) {
  const users = await readJson(index, index.lists.get('users.json')!);
  const people = await upsertPeople(deps.db, ctx, exportPeople(users, teamIdOf(users)));

  const listed: ExportConversation[] = [];
  for (const list of CONVERSATION_LISTS) {
    const entry = index.lists.get(list);
    if (entry) listed.push(...exportConversations(list, await readJson(index, entry)));
  }
  // One per id (a list naming a conversation twice would fail the upsert).
  const conversations = [...new Map(listed.map((c) => [c.id, c])).values()];
  const cursors = await storeConversations(deps.db, connectionId, conversations, people);

  let done = 0;
  const total = Math.max(1, index.dayBytes);
  for (const conversation of conversations) {
    const days = index.days.get(conversation.folder) ?? [];
    const cursor = cursors.get(conversation.id) ?? null;
    // Thread parents seen so far in this conversation: ts -> author, for replies that do not say.
    const parents = new Map<string, string>();
    let pending: SourceMessage[] = [];
    let pendingDay: string | null = null;
    const flush = async () => {
      if (pendingDay === null) return;
      await replaceMessages(deps.db, ctx, people, pending);
      await deps.db.execute(sql`
        update passive_conversations set cursor = ${pendingDay}
        where connection_id = ${connectionId}::uuid and external_id = ${conversation.id}`);
      pending = [];
      pendingDay = null;
    };
    for (const { date, entry } of days) {
      const messages = (await readArray(index, entry)).map(slackMessage);
      for (const m of messages)
        if (m?.user && (!m.thread_ts || m.thread_ts === m.ts) && !parents.has(m.ts)) parents.set(m.ts, m.user);
      if (cursor === null || date >= cursor) {
        for (const m of messages) {
          const found = m && slackMessageInteractions(m, conversation, (ts) => parents.get(ts));
          if (found) pending.push(found);
        }
        pendingDay = date;
        if (pending.length >= BATCH_MESSAGES) await flush();
      }
      done += entry.compressedSize;
      await report(done / total);
    }
    await flush();
  }
}

/** The conversations, upserted with their members as person ids; answers each one's cursor. */
async function storeConversations(
  db: Parameters<Syncer>[0]['db'],
  connectionId: string,
  conversations: ExportConversation[],
  people: Map<string, number>,
): Promise<Map<string, string | null>> {
  const cursors = new Map<string, string | null>();
  for (let i = 0; i < conversations.length; i += 1_000) {
    const rows = conversations.slice(i, i + 1_000).map((c) => ({
      external_id: c.id,
      name: c.name,
      kind: c.kind,
      members: c.members.flatMap((m) => (people.has(m) ? [people.get(m)!] : [])),
      archived: c.archived,
    }));
    const stored = await upsertConversations(db, connectionId, rows);
    for (const r of stored) cursors.set(r.external_id, r.cursor);
  }
  return cursors;
}
