import { PASSIVE_MSG, type TConnection, type TSlackConnectInput } from '@tieline/validation';
import { passiveAccountOf, requirePassiveManager } from '../../access/passive-data';
import type { SignedInCaller } from '../../auth/actor';
import { AUTH_ERRORS, slackClient, slackErrorOf, tokenContext } from '../../connectors/slack/api-client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { createApiConnection } from './connect-api';

// POST /passiveData/connections/slack: a Slack app's bot token becomes a connection of the caller's
// account. The token is tried at once (auth.test) so a wrong one is refused before anything is
// stored; the workspace it names is the connection's externalId, so the same workspace is not
// connected twice. The token is sealed at rest and never answered. docs/slack-app.md.

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
    throw new AppError('BAD_GATEWAY', PASSIVE_MSG.slackUnreachableNow, { cause: error });
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
  return createApiConnection(deps, caller, account, {
    source: 'slack',
    name: input.name,
    externalId: teamId,
    // What identifies the connection to a person without its secret: the workspace, the token's end.
    options: {
      channelIds: input.channelIds,
      userGroupIds: input.userGroupIds,
      workspace: team,
      tokenEnd: input.token.slice(-4),
    },
    secret: input.token,
    secretContext: tokenContext,
    taken: PASSIVE_MSG.slackWorkspaceTaken,
  });
}
