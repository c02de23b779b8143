import { randomUUID } from 'node:crypto';
import { and, eq, passiveConnections, sql } from '@tieline/db';
import { PASSIVE_MSG, type TConnection, type TSlackConnectInput } from '@tieline/validation';
import { passiveAccountOf, requirePassiveManager } from '../../access/passive-data';
import type { SignedInCaller } from '../../auth/actor';
import { AUTH_ERRORS, slackClient, slackErrorOf, tokenContext } from '../../connectors/slack/api-client';
import { queueSync } from '../../connectors/store/status';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { connectionView } from './connection-view';

// POST /passiveData/connections/slack: a Slack app's bot token becomes a connection of the caller's
// account. The token is tried at once (auth.test) so a wrong one is refused before anything is
// stored; the workspace it names is the connection's externalId, so the same workspace is not
// connected twice. The token is sealed at rest and never answered. docs/slack-app.md.

/** The next time it is `hour` o'clock UTC after `now`: when the daily refresh is due. */
export function nextRefresh(hour: number, now = new Date()): Date {
  const next = new Date(now);
  next.setUTCHours(hour, 0, 0, 0);
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

/** The workspace a token belongs to, or the reason it cannot be used (400 / 502). */
async function workspaceOf(deps: Deps, token: string): Promise<{ teamId: string; team: string }> {
  try {
    const answer = await slackClient(deps.env, token, 'connect').auth.test();
    if (!answer.team_id) throw new AppError('BAD_REQUEST', PASSIVE_MSG.slackAuth);
    return { teamId: answer.team_id, team: answer.team ?? '' };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const slack = slackErrorOf(error);
    if (slack && AUTH_ERRORS.has(slack.error)) throw new AppError('BAD_REQUEST', PASSIVE_MSG.slackAuth);
    // Slack unreachable, or an answer that is not Slack's: nothing was stored, the person tries again.
    throw new AppError('BAD_GATEWAY', PASSIVE_MSG.slackUnreachableNow);
  }
}

export async function connectSlack(
  deps: Deps,
  caller: SignedInCaller,
  input: TSlackConnectInput,
): Promise<TConnection> {
  requirePassiveManager(caller.actor);
  const account = await passiveAccountOf(deps.db, deps.secrets, caller.actor);
  const { teamId, team } = await workspaceOf(deps, input.token);
  const id = randomUUID();
  const row = await deps.db.transaction(async (tx) => {
    // The account row is locked so two connects of one workspace at once make one connection.
    await tx.execute(sql`select 1 from passive_accounts where id = ${account.id}::uuid for update`);
    const [existing] = await tx
      .select({ name: passiveConnections.name })
      .from(passiveConnections)
      .where(
        and(
          eq(passiveConnections.accountId, account.id),
          eq(passiveConnections.source, 'slack'),
          eq(passiveConnections.method, 'api'),
          eq(passiveConnections.externalId, teamId),
        ),
      );
    if (existing) throw new AppError('CONFLICT', PASSIVE_MSG.slackWorkspaceTaken(existing.name));
    const [made] = await tx
      .insert(passiveConnections)
      .values({
        id,
        accountId: account.id,
        source: 'slack',
        method: 'api',
        name: input.name,
        // Not 'queued' yet: queueSync below is the one place a sync is queued (one per connection).
        status: 'done',
        externalId: teamId,
        // What identifies the connection to a person without its secret: the workspace, the token's end.
        options: {
          channelIds: input.channelIds,
          userGroupIds: input.userGroupIds,
          workspace: team,
          tokenEnd: input.token.slice(-4),
        },
        secret: deps.secrets.seal(input.token, tokenContext(id)),
        nextSyncAt: nextRefresh(account.refreshHour),
        createdBy: caller.actor.userId,
      })
      .returning();
    return made!;
  });
  try {
    await queueSync(deps, id);
  } catch (error) {
    await deps.db.delete(passiveConnections).where(eq(passiveConnections.id, id));
    throw error;
  }
  // As queued: the job may already be running it, but this answer says what this call did.
  return connectionView({ ...row, status: 'queued', progress: 0, error: null });
}
