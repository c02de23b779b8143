import { PASSIVE_MSG, type TConnection, type TOffice365ConnectInput } from '@tieline/validation';
import { passiveAccountOf, requirePassiveManager } from '../../access/passive-data';
import type { SignedInCaller } from '../../auth/actor';
import {
  credentialsRefused,
  type GraphSession,
  graphErrorOf,
  graphSession,
  secretContext,
  tenantUnknown,
} from '../../connectors/office365/graph-client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { createApiConnection } from './connect-api';

// POST /passiveData/connections/office365: an app registered in the customer's Entra tenant becomes a
// connection of the caller's account. The credentials are tried at once (a token, then one page of
// the directory, then each optional group) so wrong ones are refused with a message the connect modal
// shows, before anything is stored. The client secret is sealed at rest and never answered.
// docs/microsoft-365-app.md.

/** Tries the credentials and the groups; the reason they cannot be used as a 400, or 502. */
async function checkTenant(graph: GraphSession, groupIds: string[]): Promise<void> {
  let path = '/users?$top=1&$select=id';
  try {
    await graph.get(path);
    for (const id of groupIds) {
      path = `/groups/${id}`;
      try {
        await graph.get(`${path}?$select=id`);
      } catch (error) {
        if (graphErrorOf(error)?.status === 404) throw new AppError('BAD_REQUEST', PASSIVE_MSG.microsoftGroup(id));
        throw error;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (credentialsRefused(error)) throw new AppError('BAD_REQUEST', PASSIVE_MSG.microsoftAuth);
    if (tenantUnknown(error)) throw new AppError('BAD_REQUEST', PASSIVE_MSG.microsoftTenant);
    const graph = graphErrorOf(error);
    if (graph?.status === 401) throw new AppError('BAD_REQUEST', PASSIVE_MSG.microsoftAuth);
    if (graph?.status === 403)
      throw new AppError(
        'BAD_REQUEST',
        PASSIVE_MSG.microsoftPermission(path.startsWith('/groups') ? 'GroupMember.Read.All' : 'User.Read.All'),
      );
    // Microsoft unreachable, or an answer that is not Microsoft's: nothing was stored, the person tries again.
    throw new AppError('BAD_GATEWAY', PASSIVE_MSG.microsoftUnreachableNow, { cause: error });
  }
}

export async function connectOffice365(
  deps: Deps,
  caller: SignedInCaller,
  input: TOffice365ConnectInput,
): Promise<TConnection> {
  requirePassiveManager(caller.actor);
  const account = await passiveAccountOf(deps.db, deps.secrets, caller.actor);
  const { tenantId, clientId, clientSecret } = input;
  await checkTenant(graphSession(deps.env, { tenantId, clientId, clientSecret }, 'connect'), input.groupIds);
  return createApiConnection(deps, caller, account, {
    source: 'office365',
    name: input.name,
    externalId: tenantId,
    // What identifies the connection to a person without its secret: the app, the secret's end.
    options: { clientId, sources: input.sources, groupIds: input.groupIds, secretEnd: clientSecret.slice(-4) },
    secret: clientSecret,
    secretContext,
    taken: PASSIVE_MSG.tenantTaken,
  });
}
