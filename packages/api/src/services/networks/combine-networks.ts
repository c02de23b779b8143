import {
  NETWORK_MANAGE_LIMITS,
  NETWORK_MSG,
  type TCombineNetworksInput,
  type TNetworkSummary,
} from '@tieline/validation';
import { derivedOrigin, requireNetwork } from '../../access/networks';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { documentText, insertNetwork } from '../../network-store/store-network';
import { requestWork } from '../../workers/request-work';
import { changeDocumentOf } from './change-document';
import { summaryOf } from './read-networks';

/**
 * combine-network: a new network of the caller's, merging networks they may see by node name, each
 * source's layers kept (the conflict rule is @tieline/graph's combineNetworks). It carries its sources'
 * origin (derivedOrigin): passive if one of them is. Every source's ties are kept, so their sum is checked
 * before any document is read; the people, matched by name, once combined.
 */
export async function combineNetworks(
  deps: Deps,
  caller: SignedInCaller,
  input: TCombineNetworksInput,
): Promise<TNetworkSummary> {
  const held = [];
  for (const id of input.ids) held.push(await requireNetwork(deps.db, caller.actor, id, 'view'));
  const ties = held.reduce((sum, { network }) => sum + network.edgeCount, 0);
  if (ties > NETWORK_MANAGE_LIMITS.combineTiesMax) throw new AppError('BAD_REQUEST', NETWORK_MSG.combineTooManyTies);
  const rows = held.map((h) => h.network);
  const document = await changeDocumentOf(requestWork(deps, caller, 'combine'), rows, async () => {
    const sources = [];
    for (const network of rows) sources.push({ name: network.name, json: await documentText(deps.db, network) });
    return { op: 'combine', sources, directed: input.directed };
  });
  const row = await insertNetwork(deps.db, {
    ownerId: caller.actor.userId,
    name: input.name,
    description: `Combined from ${rows.map((s) => s.name).join(', ')}`.slice(0, 2_000),
    document,
    ...derivedOrigin(held),
  });
  return await summaryOf(deps, row, 'Owner');
}
