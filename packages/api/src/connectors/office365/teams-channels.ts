import type { Channel, Team } from '@microsoft/microsoft-graph-types';
import { replaceMessages, type SourceMessage } from '../store/interactions';
import type { Office365Sync } from './context';
import { graphErrorOf } from './graph-client';
import { newest, type TeamsMessage, teamsMessageInteractions } from './teams-messages';

// Teams' channels: every team of the tenant (`/teams`, Team.ReadBasic.All), its channels
// (`/teams/{id}/channels`: standard, private and shared ones) and each channel's messages with their
// replies (`/teams/{id}/channels/{id}/messages?$expand=replies`, ChannelMessage.Read.All).
//
// Incremental sync: Graph's channel messages take no filter (only $top and $expand) and come newest
// first by last modification, so a channel's cursor is the newest lastModifiedDateTime stored, and the
// next sync reads pages until it meets a thread last modified more than LOOKBACK before that cursor
// (messages read again are replaced: nothing counts twice). Replies arrive with their thread; a reply
// to a thread whose root was last modified more than LOOKBACK before the cursor is not seen when Graph
// does not count the reply as a change of the root.

/** How far before a channel's cursor each sync reads again (edits, new replies to recent threads). */
export const CHANNEL_LOOKBACK_MS = 14 * 86_400_000;
/** Graph's largest page of channel messages. */
const MESSAGES_PAGE = 50;

export interface TeamsChannel {
  teamId: string;
  id: string;
  name: string;
  /** A shared channel: its host may be another tenant, whose messages the app may not read. */
  shared: boolean;
}

type RootMessage = TeamsMessage & { replies?: TeamsMessage[]; 'replies@odata.nextLink'?: string };

const notFound = (error: unknown) => graphErrorOf(error)?.status === 404;

/** Every channel of every team (a channel shared with several teams once). */
export async function teamsChannels(s: Office365Sync): Promise<TeamsChannel[]> {
  const teams: Pick<Team, 'id' | 'displayName'>[] = [];
  for await (const page of s.graph.pages<Pick<Team, 'id' | 'displayName'>>('/teams?$select=id,displayName'))
    teams.push(...page.value.filter((t) => t.id));
  const channels = new Map<string, TeamsChannel>();
  for (const team of teams) {
    try {
      const path = `/teams/${team.id}/channels?$select=id,displayName,membershipType`;
      for await (const page of s.graph.pages<Pick<Channel, 'id' | 'displayName' | 'membershipType'>>(path))
        for (const c of page.value) {
          if (!c.id || channels.has(c.id)) continue;
          const shared = c.membershipType === 'shared';
          channels.set(c.id, { teamId: team.id!, id: c.id, name: c.displayName ?? '', shared });
        }
    } catch (error) {
      // A team deleted since it was listed.
      if (!notFound(error)) throw error;
    }
  }
  return [...channels.values()];
}

/** Where a conversation's read starts: the retention, and `lookback` before its cursor. */
export function sinceOf(cursor: string | undefined, keptSince: Date, lookback: number): number {
  const kept = keptSince.getTime();
  return cursor === undefined ? kept : Math.max(kept, Date.parse(cursor) - lookback);
}

/** A thread's replies beyond those Graph expanded with it. */
async function moreReplies(s: Office365Sync, next: string | undefined): Promise<TeamsMessage[]> {
  const replies: TeamsMessage[] = [];
  if (next) for await (const page of s.graph.pages<TeamsMessage>(next)) replies.push(...page.value);
  return replies;
}

/**
 * Reads and stores one channel's messages since its cursor, page by page; answers the new cursor
 * (unchanged when nothing newer came), or undefined when the channel is gone.
 */
export async function syncChannel(
  s: Office365Sync,
  channel: TeamsChannel,
  cursor: string | undefined,
): Promise<string | undefined> {
  const since = sinceOf(cursor, s.keptSince, CHANNEL_LOOKBACK_MS);
  const conversation = { kind: 'channel' as const, id: channel.id };
  let seen = cursor;
  const path = `/teams/${channel.teamId}/channels/${channel.id}/messages?$top=${MESSAGES_PAGE}&$expand=replies`;
  try {
    for await (const page of s.graph.pages<RootMessage>(path)) {
      const batch = new Map<string, SourceMessage>();
      const add = (m: TeamsMessage, parentAuthor: string | null) => {
        seen = newest(seen, m.lastModifiedDateTime);
        const message = teamsMessageInteractions(m, conversation, parentAuthor);
        // Not read: what the retention would purge at once.
        if (message && message.at >= s.keptSince) batch.set(message.messageKey, message);
      };
      let older = false;
      for (const root of page.value) {
        // Newest first: past this thread, every thread is older still.
        if (root.lastModifiedDateTime && Date.parse(root.lastModifiedDateTime) < since) {
          older = true;
          break;
        }
        add(root, null);
        const author = root.from?.application ? null : (root.from?.user?.id ?? null);
        const replies = [...(root.replies ?? []), ...(await moreReplies(s, root['replies@odata.nextLink']))];
        for (const reply of replies) add({ ...reply, replyToId: reply.replyToId ?? root.id }, author);
      }
      await replaceMessages(s.deps.db, s.ctx, s.scope.personIds, [...batch.values()]);
      if (older) break;
    }
  } catch (error) {
    // Gone since listed; or shared from another tenant, which answers 403 to this tenant's app.
    if (notFound(error) || (channel.shared && graphErrorOf(error)?.status === 403)) return undefined;
    throw error;
  }
  return seen;
}
