import { PASSIVE_MSG } from '@tieline/validation';
import type { SourcePerson } from '../store/people';
import { ExportFileError } from './export-zip';
import type { SlackConversation } from './interactions';
import { type FieldLabels, type FieldTally, readProfileFields } from './profile-fields';

// users.json and the conversation lists of a Slack export, read into the store's shapes. Only profile
// fields are read from users; from conversations only ids, kinds, folder names and members (no topic or
// purpose, which people write).

interface SlackUser {
  id?: unknown;
  team_id?: unknown;
  name?: unknown;
  real_name?: unknown;
  deleted?: unknown;
  is_bot?: unknown;
  is_app_user?: unknown;
  is_stranger?: unknown;
  tz?: unknown;
  profile?: {
    email?: unknown;
    real_name?: unknown;
    display_name?: unknown;
    title?: unknown;
    fields?: Record<string, unknown> | null;
  };
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
const SLACK_ID = /^[A-Z0-9]{2,32}$/;

/** The workspace's team id: the one most users belong to (Slack Connect users bring others). */
export function teamIdOf(users: unknown): string | null {
  if (!Array.isArray(users)) return null;
  const counts = new Map<string, number>();
  for (const u of users as SlackUser[]) {
    const team = str(u?.team_id);
    if (team) counts.set(team, (counts.get(team) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? null;
}

/**
 * People of users.json: bots, apps and Slackbot left out; deactivated people kept and marked; people of
 * another workspace (Slack Connect) marked external. Custom profile fields, keyed by field id as Slack
 * writes them, become attributes named by the connection's `labels` (profile-fields.ts), counted in `tally`.
 */
export function exportPeople(
  users: unknown,
  teamId: string | null,
  labels: FieldLabels = {},
  tally: FieldTally | null = null,
): SourcePerson[] {
  if (!Array.isArray(users)) return [];
  const people: SourcePerson[] = [];
  for (const u of users as SlackUser[]) {
    const id = str(u?.id);
    if (!id || !SLACK_ID.test(id) || id === 'USLACKBOT' || u.is_bot === true || u.is_app_user === true) continue;
    const profile = u.profile ?? {};
    // A Map, made an object at the end: a field labelled `__proto__` is kept as a field like any other.
    const attributes = new Map<string, string>();
    const title = str(profile.title);
    if (title) attributes.set('title', title);
    const tz = str(u.tz);
    if (tz) attributes.set('timeZone', tz);
    readProfileFields(profile.fields, (f) => str(f.value)?.slice(0, 200) ?? null, labels, {}, tally, attributes);
    const team = str(u.team_id);
    people.push({
      externalId: id,
      email: str(profile.email),
      name: str(profile.real_name) ?? str(u.real_name) ?? str(profile.display_name) ?? str(u.name) ?? id,
      title,
      attributes: Object.fromEntries(attributes),
      deactivated: u.deleted === true,
      external: u.is_stranger === true || (teamId !== null && team !== null && team !== teamId),
    });
  }
  return people;
}

/** A conversation of the export and the folder its day files are in. */
export interface ExportConversation extends SlackConversation {
  folder: string;
  name: string;
  archived: boolean;
}

const KIND_OF_LIST = {
  'channels.json': 'channel',
  'groups.json': 'private',
  'dms.json': 'im',
  'mpims.json': 'mpim',
} as const;

/**
 * Members kept per channel or private channel: lists following a larger channel hold its first 10,000
 * members (people users.json lists, each once).
 */
export const MAX_CHANNEL_MEMBERS = 10_000;
/** Slack's own bounds: a DM has two members (one, to oneself), a group DM at most 9 (the sender included). */
export const MAX_DM_MEMBERS = { im: 2, mpim: 9 } as const;

/**
 * The conversations one list file names (malformed items are skipped). Members are read as the list is:
 * ids users.json does not list as people are dropped, each person once, channels capped at
 * MAX_CHANNEL_MEMBERS, and a DM or group DM listing more members than Slack allows is refused
 * (the file is malformed: not as Slack writes it), since each of its messages gives a tie per member.
 */
export function exportConversations(
  list: keyof typeof KIND_OF_LIST,
  items: unknown,
  people: ReadonlySet<string>,
): ExportConversation[] {
  if (!Array.isArray(items)) return [];
  const kind = KIND_OF_LIST[list];
  const direct = kind === 'im' || kind === 'mpim';
  const out: ExportConversation[] = [];
  for (const item of items as Record<string, unknown>[]) {
    const id = str(item?.id);
    if (!id || !SLACK_ID.test(id)) continue;
    // DMs have no name: their folder is their id. Channels, groups and group DMs are in folders by name.
    const name = kind === 'im' ? id : str(item.name);
    if (!name) continue;
    const members = new Set<string>();
    const listed = Array.isArray(item.members) ? item.members : [];
    if (direct && listed.length > MAX_DM_MEMBERS[kind] && new Set(listed).size > MAX_DM_MEMBERS[kind])
      throw new ExportFileError('malformed', PASSIVE_MSG.exportTooManyMembers(list, name, MAX_DM_MEMBERS[kind]));
    for (const m of listed) {
      if (members.size >= MAX_CHANNEL_MEMBERS) break;
      if (typeof m === 'string' && people.has(m)) members.add(m);
    }
    out.push({
      id,
      kind,
      folder: name,
      name: kind === 'im' ? '' : name,
      members: [...members],
      archived: item.is_archived === true,
    });
  }
  return out;
}

export const CONVERSATION_LISTS = Object.keys(KIND_OF_LIST) as (keyof typeof KIND_OF_LIST)[];
