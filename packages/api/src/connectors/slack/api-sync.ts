import { eq, passiveAccounts, passiveConnections, sql } from '@tieline/db';
import { PASSIVE_MSG } from '@tieline/validation';
import { upsertPeople } from '../store/people';
import { SyncError } from '../sync-error';
import type { Syncer } from '../syncer';
import { slackClient, syncFailure, tokenContext } from './api-client';
import { cursorsOf, saveCursor, slackConversations, storeConversations } from './api-conversations';
import { syncHistory } from './api-history';
import { everySlackUserGroup, slackFieldLabels, slackPeople, slackUserGroups } from './api-people';
import { FieldTally, fieldLabelsOf } from './profile-fields';

// The Slack API connection's sync ('slack:api'): people, conversations and their members, then each
// conversation's new messages. Optional groups (the connection's options):
// - channelIds: only those channels are read (no other channel, no DM), and only their members are
//   kept as people;
// - userGroupIds: only the members of those user groups are kept as people, so only interactions
//   between them are stored (in every conversation read); the groups are stored as conversations of
//   kind 'usergroup' with their members. Without chosen groups, every group is stored the same way (when
//   the app has usergroups:read) so lists can follow one, and nobody is left out.
// Both together: both restrictions. The token is opened here only, never logged or put in a payload.

export interface SlackApiOptions {
  channelIds: string[];
  userGroupIds: string[];
}

const ids = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
export const slackApiOptions = (options: Record<string, unknown>): SlackApiOptions => ({
  channelIds: ids(options.channelIds),
  userGroupIds: ids(options.userGroupIds),
});

/** Share of the progress bar the directory (people, conversations, members) takes; history the rest. */
const DIRECTORY_SHARE = 0.1;

export const slackApiSync: Syncer = async (deps, connection, ctx, report) => {
  if (!connection.secret) throw new SyncError(PASSIVE_MSG.slackAuth);
  const token = deps.secrets.open(connection.secret, tokenContext(connection.id));
  const client = slackClient(deps.env, token, 'sync');
  const { channelIds, userGroupIds } = slackApiOptions(connection.options);
  const [account] = await deps.db
    .select({ retentionDays: passiveAccounts.retentionDays })
    .from(passiveAccounts)
    .where(eq(passiveAccounts.id, connection.accountId));
  // Messages older than the retention would be purged at once: the first sync does not read them.
  const keptSince = new Date(Date.now() - (account?.retentionDays ?? 180) * 86_400_000);
  try {
    const groups = userGroupIds.length > 0 ? await slackUserGroups(client, userGroupIds) : [];
    // Without chosen groups every group is still kept (for lists of a group), restricting nothing.
    const followed = userGroupIds.length > 0 ? groups : await everySlackUserGroup(client);
    const conversations = await slackConversations(client, channelIds);
    const tally = new FieldTally();
    const naming = { labels: fieldLabelsOf(connection.options), slackLabels: await slackFieldLabels(client), tally };
    let people = await slackPeople(client, connection.externalId, naming);
    if (groups.length > 0) {
      const members = new Set(groups.flatMap((g) => g.users));
      people = people.filter((p) => members.has(p.externalId));
    }
    if (channelIds.length > 0) {
      const members = new Set(conversations.flatMap((c) => c.members));
      people = people.filter((p) => members.has(p.externalId));
    }
    const personIds = await upsertPeople(deps.db, ctx, people);
    // The fields found, for labelling them in the connection's settings.
    await deps.db
      .update(passiveConnections)
      .set({
        options: sql`${passiveConnections.options} || ${JSON.stringify({ profileFields: tally.toJSON() })}::jsonb`,
      })
      .where(eq(passiveConnections.id, connection.id));
    await storeConversations(
      deps.db,
      connection.id,
      [...conversations, ...followed.map((g) => ({ ...g, kind: 'usergroup', archived: false, members: g.users }))],
      personIds,
    );
    await report(DIRECTORY_SHARE);

    const cursors = await cursorsOf(deps.db, connection.id);
    for (const [i, conversation] of conversations.entries()) {
      const cursor = cursors.get(conversation.id);
      const newest = await syncHistory(client, deps.db, ctx, personIds, conversation, cursor, keptSince);
      // Saved only once the conversation is done: a sync stopped inside it reads it again from the
      // old cursor, and replaceMessages keeps that from counting anything twice.
      if (newest !== null && newest !== cursor) await saveCursor(deps.db, connection.id, conversation.id, newest);
      await report(DIRECTORY_SHARE + ((1 - DIRECTORY_SHARE) * (i + 1)) / conversations.length);
    }
  } catch (error) {
    throw syncFailure(error);
  }
};
