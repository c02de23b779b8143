import { and, eq, inArray, networks } from '@tieline/db';
import {
  NETWORK_MANAGE_LIMITS,
  NETWORK_MSG,
  type TNetworkSummary,
  type TUpdateNetworkInput,
} from '@tieline/validation';
import { derivedOrigin, requireNetwork } from '../../access/networks';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { documentText, insertNetwork, saveVersion } from '../../network-store/store-network';
import { requestWork } from '../../workers/request-work';
import { changeDocumentOf } from './change-document';
import { summaryOf } from './read-networks';

/**
 * {id}/manage: rename, describe, directed or not (owner or Edit). Turning `directed` changes the
 * document (a new data version: every metric depends on it); name and description change only the row.
 */
export async function updateNetwork(
  deps: Deps,
  caller: SignedInCaller,
  input: TUpdateNetworkInput,
): Promise<TNetworkSummary> {
  const { network, access } = await requireNetwork(deps.db, caller.actor, input.id, 'edit');
  if (network.version !== input.version) throw new AppError('CONFLICT', NETWORK_MSG.stale);
  const turned = input.directed !== undefined && input.directed !== network.directed;
  const data = turned
    ? await changeDocumentOf(requestWork(deps, caller, 'direct'), [network], async () => ({
        op: 'direct',
        json: await documentText(deps.db, network),
        directed: input.directed!,
      }))
    : null;
  const fields = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
  };
  const row = await saveVersion(deps.db, network.id, input.version, data, fields);
  return await summaryOf(deps, row, access, caller.actor);
}

/**
 * {id}/duplicate: a copy of the current version, owned by the caller (anyone who may see it). The copy
 * carries the original's origin (derivedOrigin): its passive account, and whether it came through a share.
 */
export async function duplicateNetwork(deps: Deps, caller: SignedInCaller, input: { id: string }) {
  const source = await requireNetwork(deps.db, caller.actor, input.id, 'view');
  const { network } = source;
  const json = await documentText(deps.db, network);
  const { nodeCount, edgeCount, layers, directed } = network;
  const row = await insertNetwork(deps.db, {
    ownerId: caller.actor.userId,
    name: `${network.name} (copy)`.slice(0, NETWORK_MANAGE_LIMITS.nameMax),
    description: network.description,
    document: { json, counts: { nodeCount, edgeCount, layers, directed } },
    ...derivedOrigin([source]),
  });
  return await summaryOf(deps, row, 'Owner');
}

/** {id}/delete: the owner only; the versions, metrics and shares go with it. */
export async function deleteNetwork(deps: Deps, caller: SignedInCaller, input: { id: string }) {
  const { network } = await requireNetwork(deps.db, caller.actor, input.id, 'delete');
  await deps.db.delete(networks).where(eq(networks.id, network.id));
  return { ok: true as const };
}

/**
 * delete-selected-network: all or nothing. Every id must be one the caller owns: an id they cannot see
 * answers 404 and one only shared with them 403, and then nothing is deleted.
 */
export async function deleteNetworks(deps: Deps, caller: SignedInCaller, input: { ids: string[] }) {
  for (const id of input.ids) await requireNetwork(deps.db, caller.actor, id, 'delete');
  const gone = await deps.db
    .delete(networks)
    .where(and(inArray(networks.id, input.ids), eq(networks.ownerId, caller.actor.userId)))
    .returning({ id: networks.id });
  return { deleted: gone.length };
}
