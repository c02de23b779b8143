import type { WebClient } from '@slack/web-api';
import { PASSIVE_MSG } from '@tieline/validation';
import type { SourcePerson } from '../store/people';
import { SyncError } from '../sync-error';
import { slackErrorOf } from './api-client';
import { type FieldLabels, type FieldTally, readProfileFields } from './profile-fields';

// People of a Slack workspace (users.list) and its user groups (usergroups.*), as the store wants them.

/** Users per page: Slack recommends no more than 200. */
export const PAGE = 200;

export interface SlackApiUser {
  id?: string;
  team_id?: string;
  name?: string;
  real_name?: string;
  deleted?: boolean;
  is_bot?: boolean;
  is_app_user?: boolean;
  is_restricted?: boolean;
  is_ultra_restricted?: boolean;
  is_stranger?: boolean;
  tz?: string;
  profile?: {
    real_name?: string;
    display_name?: string;
    email?: string;
    title?: string;
    fields?: Record<string, unknown> | null;
  };
}

/** How a person's fields are named: the connection's labels, the workspace's (team.profile.get). */
export interface FieldNaming {
  labels: FieldLabels;
  slackLabels: FieldLabels;
  tally: FieldTally | null;
}
const NO_NAMING: FieldNaming = { labels: {}, slackLabels: {}, tally: null };
const text = (v: unknown) => (typeof v === 'string' && v ? v : null);

/**
 * A Slack user as a person, or null for bots, apps and Slackbot (not people). Deleted users are kept
 * and marked deactivated (their old messages still count); guests, Slack Connect users of another
 * workspace and strangers are external. The email needs the users:read.email scope. Custom profile
 * fields (when the answer carries them) are named as profile-fields.ts says.
 */
export function slackPerson(u: SlackApiUser, teamId: string | null, naming = NO_NAMING): SourcePerson | null {
  if (!u.id || u.id === 'USLACKBOT' || u.is_bot || u.is_app_user) return null;
  const p = u.profile ?? {};
  // A Map, made an object at the end: a field labelled `__proto__` is kept as a field like any other.
  const attributes = new Map<string, string>();
  if (u.tz) attributes.set('timezone', u.tz);
  const value = (f: Record<string, unknown>) => text(f.alt) ?? text(f.value);
  readProfileFields(p.fields, value, naming.labels, naming.slackLabels, naming.tally, attributes);
  return {
    externalId: u.id,
    email: p.email?.trim() || null,
    name: p.real_name?.trim() || u.real_name?.trim() || p.display_name?.trim() || u.name || u.id,
    title: p.title?.trim() || null,
    attributes: Object.fromEntries(attributes),
    deactivated: !!u.deleted,
    external:
      !!u.is_stranger ||
      !!u.is_restricted ||
      !!u.is_ultra_restricted ||
      (teamId !== null && !!u.team_id && u.team_id !== teamId),
  };
}

/**
 * The labels of the workspace's custom profile fields (team.profile.get, scope users.profile:read).
 * Optional: without the scope the fields keep the connection's labels, else their ids.
 */
export async function slackFieldLabels(client: WebClient): Promise<FieldLabels> {
  try {
    const answer = await client.team.profile.get();
    const labels: FieldLabels = {};
    for (const f of answer.profile?.fields ?? []) if (f.id && f.label?.trim()) labels[f.id] = f.label.trim();
    return labels;
  } catch (error) {
    if (slackErrorOf(error)?.error === 'missing_scope') return {};
    throw error;
  }
}

/** Every person of the workspace, page by page (cursor paging through the client). */
export async function slackPeople(
  client: WebClient,
  teamId: string | null,
  naming = NO_NAMING,
): Promise<SourcePerson[]> {
  const people: SourcePerson[] = [];
  for await (const page of client.paginate('users.list', { limit: PAGE })) {
    for (const u of (page as { members?: SlackApiUser[] }).members ?? []) {
      const person = slackPerson(u, teamId, naming);
      if (person) people.push(person);
    }
  }
  return people;
}

export interface SlackUserGroup {
  id: string;
  name: string;
  users: string[];
}

/** The chosen user groups with their members (usergroups:read). An unknown id is refused by name. */
export async function slackUserGroups(client: WebClient, ids: string[]): Promise<SlackUserGroup[]> {
  const listed = await client.usergroups.list({ include_disabled: true });
  const names = new Map((listed.usergroups ?? []).map((g) => [g.id, g.handle || g.name || g.id]));
  const groups: SlackUserGroup[] = [];
  for (const id of ids) {
    try {
      const answer = await client.usergroups.users.list({ usergroup: id, include_disabled: true });
      groups.push({ id, name: names.get(id) ?? id, users: answer.users ?? [] });
    } catch (error) {
      if (slackErrorOf(error)?.error === 'no_such_subteam') throw new SyncError(PASSIVE_MSG.slackUserGroup(id));
      throw error;
    }
  }
  return groups;
}

/**
 * Every user group with its members, for lists to follow (a list of a user group stays in sync); none
 * when the app was not given usergroups:read, which only user-group lists need.
 */
export async function everySlackUserGroup(client: WebClient): Promise<SlackUserGroup[]> {
  try {
    const listed = await client.usergroups.list({ include_disabled: false });
    return await slackUserGroups(
      client,
      (listed.usergroups ?? []).flatMap((g) => (g.id ? [g.id] : [])),
    );
  } catch (error) {
    if (slackErrorOf(error)?.error === 'missing_scope') return [];
    throw error;
  }
}
