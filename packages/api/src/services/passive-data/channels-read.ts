import { and, asc, eq, inArray, isNotNull, passiveConnections, passiveConversations, sql } from '@tieline/db';
import type { TPassiveChannel } from '@tieline/validation';
import { passiveAccountOf } from '../../access/passive-data';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';

/**
 * The channels and user groups the account's Slack connections found (names and member counts only),
 * which a list can follow (kind slackChannel / slackUserGroup). Direct messages are never offered.
 */
export async function listChannels(deps: Deps, caller: SignedInCaller): Promise<TPassiveChannel[]> {
  const account = await passiveAccountOf(deps.db, deps.secrets, caller.actor);
  const rows = await deps.db
    .select({
      connectionId: passiveConnections.id,
      connectionName: passiveConnections.name,
      id: passiveConversations.externalId,
      name: passiveConversations.name,
      kind: passiveConversations.kind,
      members: sql<number>`jsonb_array_length(passive_conversations.members)`,
    })
    .from(passiveConversations)
    .innerJoin(passiveConnections, eq(passiveConnections.id, passiveConversations.connectionId))
    .where(
      and(
        eq(passiveConnections.accountId, account.id),
        // Only connections that completed an import or sync (one still importing offers nothing yet).
        isNotNull(passiveConnections.lastSync),
        inArray(passiveConversations.kind, ['channel', 'private', 'usergroup']),
      ),
    )
    .orderBy(asc(passiveConnections.name), asc(passiveConversations.name));
  return rows.map((r) => ({
    ...r,
    kind: r.kind === 'usergroup' ? 'userGroup' : 'channel',
    members: Number(r.members),
  }));
}
