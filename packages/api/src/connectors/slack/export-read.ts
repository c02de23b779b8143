import { PASSIVE_MSG } from '@tieline/validation';
import type { SourcePerson } from '../store/people';
import type { StagedConversation, StagedInteraction } from '../store/staging';
import {
  CONVERSATION_LISTS,
  type ExportConversation,
  exportConversations,
  exportPeople,
  teamIdOf,
} from './export-lists';
import { ExportFileError, type ExportIndex, type ExportLimits, openExport, readJson } from './export-zip';
import { type SlackMessage, slackMessageInteractions } from './interactions';
import { type FieldLabels, FieldTally, type ProfileFieldsSeen } from './profile-fields';

// Reading a Slack export for its import, in the slack-export worker process (workers/slack-export.ts):
// users.json, the conversation lists, then each conversation's day files, one file in memory at a time.
// What it finds goes to a sink (the server's thread, which stages it: connectors/store/staging.ts) in
// bounded batches, each awaited before reading on. Message text is read only to find mentions, and
// never handed on. Only the days from each conversation's cursor (the last day an earlier import of
// the workspace stored) are staged; the days before are read for thread parents alone.

/** People an export may hold (users.json, bots left out). */
export const MAX_EXPORT_PEOPLE = 100_000;
/** Rows handed over at once (people, conversations or interactions): a bounded write and message. */
export const BATCH_ROWS = 5_000;
/** Thread parents remembered per conversation, oldest forgotten first (replies mostly name theirs). */
const MAX_PARENTS = 200_000;
/** Day files whose messages are remembered to count a message repeated in a neighbouring file once. */
const RECENT_FILES = 3;

export interface ExportSink {
  /** Where the import is ("users.json", "conversation general"): a death is reported there. */
  step(label: string): Promise<void>;
  people(batch: SourcePerson[]): Promise<void>;
  conversations(batch: StagedConversation[]): Promise<void>;
  interactions(batch: StagedInteraction[]): Promise<void>;
  progress(fraction: number): void;
}

export interface ExportReadLimits extends ExportLimits {
  /** The largest file read (a quarter of the worker's heap cap: see JSON_SHAPE). */
  maxFileBytes: number;
  maxPeople: number;
  batchRows: number;
}

export interface ExportSummary {
  people: number;
  conversations: number;
  messages: number;
  interactions: number;
  /** The custom profile fields users.json holds, by field id. */
  fields: ProfileFieldsSeen;
}

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

async function readArray(index: ExportIndex, name: string, maxBytes: number): Promise<unknown[]> {
  const entry = index.lists.get(name) ?? null;
  const value = entry ? await readJson(index, entry, maxBytes) : [];
  if (!Array.isArray(value)) throw new ExportFileError('badJson', PASSIVE_MSG.exportBadJson(name));
  return value;
}

/** The people of users.json, refused past the limit. */
async function readPeople(index: ExportIndex, limits: ExportReadLimits, labels: FieldLabels = {}, tally?: FieldTally) {
  const users = await readArray(index, 'users.json', limits.maxFileBytes);
  const teamId = teamIdOf(users);
  const people = exportPeople(users, teamId, labels, tally);
  if (people.length > limits.maxPeople)
    throw new ExportFileError('malformed', PASSIVE_MSG.exportTooManyPeople(limits.maxPeople));
  return { teamId, people };
}

/** What the upload checks before keeping a zip: its workspace (team id) and that its people are within bounds. */
export async function checkExportFile(
  path: string,
  limits: ExportReadLimits,
): Promise<{ teamId: string | null; people: number }> {
  const index = await openExport(path, limits);
  try {
    const { teamId, people } = await readPeople(index, limits);
    return { teamId, people: people.length };
  } finally {
    index.zip.close();
  }
}

/**
 * Reads the export at `path` into `sink`; `cursors` are the conversations' cursors before this import,
 * `labels` the connection's field labels.
 */
export async function readExport(
  path: string,
  limits: ExportReadLimits,
  cursors: Record<string, string>,
  labels: FieldLabels,
  sink: ExportSink,
): Promise<ExportSummary> {
  const index = await openExport(path, limits);
  try {
    return await readAll(index, limits, cursors, labels, sink);
  } finally {
    index.zip.close();
  }
}

async function readAll(
  index: ExportIndex,
  limits: ExportReadLimits,
  cursors: Record<string, string>,
  labels: FieldLabels,
  sink: ExportSink,
): Promise<ExportSummary> {
  await sink.step('users.json');
  const tally = new FieldTally();
  const { people } = await readPeople(index, limits, labels, tally);
  const known = new Set(people.map((p) => p.externalId));
  for (let i = 0; i < people.length; i += limits.batchRows) await sink.people(people.slice(i, i + limits.batchRows));
  const summary: ExportSummary = {
    people: people.length,
    conversations: 0,
    messages: 0,
    interactions: 0,
    fields: tally.toJSON(),
  };

  const byId = new Map<string, ExportConversation>();
  for (const list of CONVERSATION_LISTS) {
    await sink.step(list);
    // One per id (a list naming a conversation twice would fail the upsert).
    for (const c of exportConversations(list, await readArray(index, list, limits.maxFileBytes), known))
      byId.set(c.id, c);
  }
  const conversations = [...byId.values()];
  summary.conversations = conversations.length;
  const staged = conversations.map((c): StagedConversation => {
    const last = index.days.get(c.folder)?.at(-1)?.date ?? null;
    const before = cursors[c.id] ?? null;
    const cursor = last !== null && (before === null || last > before) ? last : before;
    return { id: c.id, name: c.name, kind: c.kind, members: c.members, archived: c.archived, cursor };
  });
  for (let i = 0; i < staged.length; i += limits.batchRows)
    await sink.conversations(staged.slice(i, i + limits.batchRows));

  const rows = new Rows(sink, limits.batchRows, summary);
  let done = 0;
  let reported = -1;
  const total = Math.max(1, index.dayBytes);
  for (const conversation of conversations) {
    const days = index.days.get(conversation.folder) ?? [];
    const cursor = cursors[conversation.id] ?? null;
    // Nothing from the cursor on: the days before matter only to the replies of those days.
    if (days.length === 0 || (cursor !== null && days.at(-1)!.date < cursor)) continue;
    await sink.step(`conversation ${conversation.name || conversation.id}`);
    const parents = new Map<string, string>();
    const recent: Set<string>[] = [];
    for (const { date, entry } of days) {
      const name = entry.fileName.slice(index.root.length);
      const raw = await readJson(index, entry, limits.maxFileBytes);
      if (!Array.isArray(raw)) throw new ExportFileError('badJson', PASSIVE_MSG.exportBadJson(name));
      const messages = raw.map(slackMessage);
      for (const m of messages) {
        if (!m?.user || (m.thread_ts && m.thread_ts !== m.ts) || parents.has(m.ts)) continue;
        parents.set(m.ts, m.user);
        if (parents.size > MAX_PARENTS) parents.delete(parents.keys().next().value!);
      }
      if (cursor === null || date >= cursor) {
        const seen = new Set<string>();
        for (const m of messages) {
          if (!m || seen.has(m.ts) || recent.some((s) => s.has(m.ts))) continue;
          seen.add(m.ts);
          await rows.message(m, conversation, parents, known, cursor !== null);
        }
        recent.push(seen);
        if (recent.length > RECENT_FILES) recent.shift();
      }
      done += entry.compressedSize;
      const fraction = Math.floor((done / total) * 100);
      if (fraction !== reported) {
        reported = fraction;
        sink.progress(fraction / 100);
      }
    }
  }
  await rows.flush();
  return summary;
}

/** The interactions found so far, handed over whenever BATCH_ROWS of them are waiting. */
class Rows {
  private pending: StagedInteraction[] = [];
  constructor(
    private readonly sink: ExportSink,
    private readonly batchRows: number,
    private readonly summary: ExportSummary,
  ) {}

  async message(
    m: SlackMessage,
    conversation: ExportConversation,
    parents: Map<string, string>,
    known: ReadonlySet<string>,
    readBefore: boolean,
  ) {
    const found = slackMessageInteractions(m, conversation, (ts) => parents.get(ts));
    if (!found) return;
    const at = found.at.getTime();
    if (!Number.isFinite(at)) return;
    this.summary.messages++;
    let kept = 0;
    for (const i of found.interactions) {
      // People users.json does not list are dropped here, before anything is handed over.
      if (i.from === i.to || !known.has(i.from) || !known.has(i.to)) continue;
      this.pending.push([at, i.type, i.from, i.to, found.conversation, found.messageKey, found.recipients]);
      kept++;
      if (this.pending.length >= this.batchRows) await this.flush();
    }
    this.summary.interactions += kept;
    // A message an earlier import may have stored, giving nothing now: its old interactions must go.
    if (kept === 0 && readBefore) this.pending.push([at, '', '', '', found.conversation, found.messageKey, 0]);
    if (this.pending.length >= this.batchRows) await this.flush();
  }

  async flush() {
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    await this.sink.interactions(batch);
  }
}
