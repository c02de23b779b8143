import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';

// A deterministic Slack workspace export, shaped as Slack's own (users.json, channels.json, groups.json,
// dms.json, mpims.json, one folder per conversation of YYYY-MM-DD.json day arrays). The demo seed, the
// tests and the ingest bench make theirs here. The zip is written as it is generated: each day file is
// made only when the zip writer reaches it (yazl's lazy streams), so a million messages never sit in
// memory. Same options, same bytes.

export interface ExportPerson {
  /** Slack user id; default U + a number. */
  id?: string;
  email: string;
  name: string;
  title?: string;
  department?: string;
  location?: string;
  /** A deactivated account (kept in users.json with deleted: true). */
  deleted?: boolean;
  /** A Slack Connect user of another workspace. */
  stranger?: boolean;
}

export interface SlackExportOptions {
  seed: number;
  /** The workspace's team id (users.json team_id). */
  teamId?: string;
  /** The people, or how many to invent. */
  people: ExportPerson[] | number;
  /** Public channels (named channel-1...; `general` first, with everyone). */
  channels?: number;
  privateChannels?: number;
  /** Direct-message pairs and group DMs. */
  dms?: number;
  mpims?: number;
  /**
   * First day, YYYY-MM-DD (UTC), and how many days. By default the days end yesterday: an import skips
   * messages older than the account's retention (a seed gives the same bytes on the same day).
   */
  start?: string;
  days: number;
  /** Messages per day over the whole workspace (on average; the split is random). */
  messagesPerDay: number;
  /** A string put into every message's text, file names, titles and attachments (metadata-only tests). */
  marker?: string;
  /** Also add the bot user, Slackbot and system messages (joins, bot posts); default true. */
  noise?: boolean;
}

export interface SlackExportSummary {
  teamId: string;
  /**
   * The labels of the custom profile fields the export writes by id (as Slack does: users.json has no
   * labels), for the upload's `fieldLabels`.
   */
  fieldLabels: Record<string, string>;
  users: number;
  conversations: number;
  /** Day files written. */
  files: number;
  /** Every message written, system and bot messages included. */
  messages: number;
  bytes: number;
}

interface Conversation {
  id: string;
  folder: string;
  kind: 'channel' | 'private' | 'im' | 'mpim';
  members: string[];
  weight: number;
}

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
  };
}
type Rng = ReturnType<typeof random>;

const WORDS = ['plan', 'launch', 'review', 'budget', 'draft', 'client', 'deadline', 'update', 'design', 'ship'];
const DEPARTMENTS = ['Sales', 'Engineering', 'Marketing', 'Finance', 'Operations', 'Support'];
const TITLES = ['Analyst', 'Engineer', 'Manager', 'Director', 'Associate', 'Specialist'];
const LOCATIONS = ['London', 'New York', 'Berlin', 'Singapore'];
const EMOJI = ['+1', 'tada', 'eyes', 'white_check_mark', 'heart'];
const BOT_ID = 'B0000000001';
const BOT_USER = 'U0BOT00001';

function peopleOf(options: SlackExportOptions, rng: Rng): (ExportPerson & { id: string })[] {
  const given: ExportPerson[] =
    typeof options.people === 'number'
      ? Array.from({ length: options.people }, (_, i) => ({
          email: `person${i + 1}@example.com`,
          name: `Person ${i + 1}`,
          title: rng.pick(TITLES),
          department: rng.pick(DEPARTMENTS),
          location: rng.pick(LOCATIONS),
        }))
      : options.people;
  return given.map((p, i) => ({ ...p, id: p.id ?? `U${String(i + 1).padStart(8, '0')}` }));
}

/** Field ids of the custom profile fields written, and their labels (which Slack leaves out of users.json). */
export const EXPORT_FIELD_LABELS = { Xf01DEPT: 'Department', Xf02LOC: 'Location' } as const;

function userJson(p: ExportPerson & { id: string }, teamId: string) {
  // Keyed by field id with no label, as Slack writes users.json.
  const fields: Record<string, { value: string; alt: string }> = {};
  if (p.department) fields.Xf01DEPT = { value: p.department, alt: '' };
  if (p.location) fields.Xf02LOC = { value: p.location, alt: '' };
  return {
    id: p.id,
    team_id: p.stranger ? 'T0OTHERTEAM' : teamId,
    name: p.email.split('@')[0],
    deleted: p.deleted ?? false,
    real_name: p.name,
    tz: 'Europe/London',
    is_admin: false,
    is_bot: false,
    is_app_user: false,
    ...(p.stranger ? { is_stranger: true } : {}),
    profile: {
      title: p.title ?? '',
      real_name: p.name,
      display_name: p.name.split(' ')[0],
      email: p.email,
      fields,
      team: p.stranger ? 'T0OTHERTEAM' : teamId,
    },
  };
}

function conversationsOf(options: SlackExportOptions, ids: string[], rng: Rng): Conversation[] {
  const out: Conversation[] = [];
  const sample = (n: number) => {
    const set = new Set<string>();
    while (set.size < Math.min(n, ids.length)) set.add(rng.pick(ids));
    return [...set];
  };
  const channels = Math.max(1, options.channels ?? 3);
  for (let i = 0; i < channels; i++) {
    const members = i === 0 ? ids : sample(Math.max(2, Math.ceil(ids.length * (0.1 + rng.next() * 0.4))));
    const folder = i === 0 ? 'general' : `channel-${i}`;
    out.push({
      id: `C${String(i + 1).padStart(8, '0')}`,
      folder,
      kind: 'channel',
      members,
      weight: 1 + rng.next() * 3,
    });
  }
  for (let i = 0; i < (options.privateChannels ?? 1); i++) {
    const members = sample(Math.max(2, Math.ceil(ids.length * 0.2)));
    out.push({
      id: `G${String(i + 1).padStart(8, '0')}`,
      folder: `private-${i + 1}`,
      kind: 'private',
      members,
      weight: 1,
    });
  }
  for (let i = 0; i < (options.dms ?? 2) && ids.length >= 2; i++) {
    const members = sample(2);
    const id = `D${String(i + 1).padStart(8, '0')}`;
    out.push({ id, folder: id, kind: 'im', members, weight: 0.5 });
  }
  for (let i = 0; i < (options.mpims ?? 1) && ids.length >= 3; i++) {
    const members = sample(3 + rng.int(3));
    out.push({
      id: `G9${String(i + 1).padStart(7, '0')}`,
      folder: `mpdm-${i + 1}`,
      kind: 'mpim',
      members,
      weight: 0.5,
    });
  }
  return out;
}

/** A day's messages in one conversation, oldest first; `parents` carries threads across days. */
function dayMessages(
  c: Conversation,
  dayStart: number,
  count: number,
  rng: Rng,
  parents: { ts: string; user: string }[],
  options: SlackExportOptions,
) {
  const marker = options.marker ?? '';
  const noise = options.noise !== false;
  const messages: Record<string, unknown>[] = [];
  // Working hours, one message every few seconds at most: ts are unique in the conversation.
  let t = dayStart + 8 * 3600;
  const step = Math.max(1, Math.floor((10 * 3600) / Math.max(1, count)));
  for (let i = 0; i < count; i++) {
    t += 1 + rng.int(step);
    const ts = `${t}.${String(100 + rng.int(899_900)).padStart(6, '0')}`;
    const user = rng.pick(c.members);
    const words = Array.from({ length: 3 + rng.int(6) }, () => rng.pick(WORDS)).join(' ');
    const roll = rng.next();
    if (noise && roll < 0.02) {
      messages.push({ type: 'message', subtype: 'channel_join', ts, user, text: `<@${user}> has joined the channel` });
      continue;
    }
    if (noise && roll < 0.035) {
      messages.push({
        type: 'message',
        subtype: 'bot_message',
        ts,
        bot_id: BOT_ID,
        username: 'deploybot',
        text: `${words} ${marker}`,
      });
      continue;
    }
    if (noise && roll < 0.04) {
      messages.push({ type: 'message', ts, user: 'USLACKBOT', text: `Reminder: ${words} ${marker}` });
      continue;
    }
    const m: Record<string, unknown> = { client_msg_id: `${c.id}-${ts}`, type: 'message', ts, user };
    let text = `${words} ${marker}`;
    if (rng.next() < 0.25) {
      const other = rng.pick(c.members);
      text = `<@${other}> ${text}`;
      m.blocks = [
        {
          type: 'rich_text',
          block_id: 'b1',
          elements: [
            {
              type: 'rich_text_section',
              elements: [
                { type: 'user', user_id: other },
                { type: 'text', text: ` ${words} ${marker}` },
              ],
            },
          ],
        },
      ];
    }
    m.text = text;
    const reply = parents.length > 0 && rng.next() < 0.3;
    if (reply) {
      const parent = parents[parents.length - 1 - rng.int(Math.min(parents.length, 20))]!;
      m.thread_ts = parent.ts;
      // Most exports say who started the thread; some older ones do not (the reader finds the parent).
      if (rng.next() < 0.8) m.parent_user_id = parent.user;
      if (rng.next() < 0.05) m.subtype = 'thread_broadcast';
    } else {
      parents.push({ ts, user });
      if (parents.length > 200) parents.splice(0, 100);
      if (rng.next() < 0.05) {
        m.subtype = 'file_share';
        m.files = [{ id: `F${t}`, name: `${marker}report.pdf`, title: `${marker} report`, filetype: 'pdf' }];
      }
      if (rng.next() < 0.05) m.attachments = [{ fallback: `${marker} link`, text: `${marker} preview`, title: marker }];
    }
    if (rng.next() < 0.3) {
      const users = [...new Set(Array.from({ length: 1 + rng.int(3) }, () => rng.pick(c.members)))];
      m.reactions = [{ name: rng.pick(EMOJI), users, count: users.length }];
    }
    messages.push(m);
  }
  return messages;
}

const day = (start: string, i: number) => new Date(Date.parse(`${start}T00:00:00Z`) + i * 86_400_000);

/** Writes the export's zip to `path`; answers what it wrote. */
export async function writeSlackExport(path: string, options: SlackExportOptions): Promise<SlackExportSummary> {
  const rng = random(options.seed);
  const teamId = options.teamId ?? 'T0EXAMPLE1';
  const people = peopleOf(options, rng);
  const ids = people.filter((p) => !p.deleted && !p.stranger).map((p) => p.id);
  const conversations = conversationsOf(options, ids, rng);
  const start = options.start ?? day(new Date().toISOString().slice(0, 10), -options.days).toISOString().slice(0, 10);
  const noise = options.noise !== false;
  const json = (v: unknown) => Buffer.from(JSON.stringify(v, null, 4));
  const mtime = new Date('2024-01-01T00:00:00Z');

  const zip = new ZipFile();
  const users = people.map((p) => userJson(p, teamId));
  if (noise) {
    users.push({
      ...userJson({ id: BOT_USER, email: 'bot@example.com', name: 'Deploy Bot' }, teamId),
      is_bot: true,
    });
    users.push({ ...userJson({ id: 'USLACKBOT', email: 'slackbot@example.com', name: 'Slackbot' }, teamId) });
  }
  zip.addBuffer(json(users), 'users.json', { mtime });
  const listed = (kind: Conversation['kind']) =>
    conversations
      .filter((c) => c.kind === kind)
      .map((c) => ({
        id: c.id,
        ...(kind === 'im' ? { user: c.members[1] } : { name: c.folder }),
        created: Date.parse(`${start}T00:00:00Z`) / 1000,
        creator: c.members[0],
        is_archived: false,
        members: c.members,
        ...(kind === 'channel' || kind === 'private'
          ? { topic: { value: '', creator: '', last_set: 0 }, purpose: { value: '', creator: '', last_set: 0 } }
          : {}),
      }));
  zip.addBuffer(json(listed('channel')), 'channels.json', { mtime });
  zip.addBuffer(json(listed('private')), 'groups.json', { mtime });
  zip.addBuffer(json(listed('im')), 'dms.json', { mtime });
  zip.addBuffer(json(listed('mpim')), 'mpims.json', { mtime });

  const totalWeight = conversations.reduce((s, c) => s + c.weight, 0);
  let files = 0;
  let messages = 0;
  for (const [index, c] of conversations.entries()) {
    zip.addEmptyDirectory(c.folder, { mtime });
    // Its own sequence: the writer may call the day makers while days are still being added.
    const messageRng = random(options.seed * 7919 + index + 1);
    const parents: { ts: string; user: string }[] = [];
    for (let d = 0; d < options.days; d++) {
      const date = day(start, d);
      const mean = (options.messagesPerDay * c.weight) / totalWeight;
      // Each day made when the writer gets to it, in order, so the random sequence stays the same.
      const count = Math.floor(mean * (0.5 + rng.next()) + rng.next());
      if (count === 0) continue;
      files++;
      zip.addReadStreamLazy(`${c.folder}/${date.toISOString().slice(0, 10)}.json`, { mtime }, (cb) => {
        const list = dayMessages(c, date.getTime() / 1000, count, messageRng, parents, options);
        messages += list.length;
        cb(null, Readable.from([json(list)]));
      });
    }
  }
  zip.end();
  // Owner-only, as uploads are (the demo's export waits in the uploads directory like an upload).
  await pipeline(zip.outputStream, createWriteStream(path, { mode: 0o600 }));
  return {
    teamId,
    fieldLabels: { ...EXPORT_FIELD_LABELS },
    users: users.length,
    conversations: conversations.length,
    files,
    messages,
    bytes: (await stat(path)).size,
  };
}
