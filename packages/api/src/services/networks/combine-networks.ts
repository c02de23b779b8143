import { combineNetworks as combine } from '@tieline/graph';
import type { TCombineNetworksInput, TNetworkSummary } from '@tieline/validation';
import { derivedOrigin, requireNetwork } from '../../access/networks';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { documentOf, insertNetwork, readDocument } from '../../network-store/store-network';
import { summaryOf } from './read-networks';

/**
 * combine-network: a new network of the caller's, merging networks they may see by node name, each
 * source's layers kept (the conflict rule is @tieline/graph's combineNetworks). It carries its sources'
 * origin (derivedOrigin): passive if one of them is.
 */
export async function combineNetworks(
  deps: Deps,
  caller: SignedInCaller,
  input: TCombineNetworksInput,
): Promise<TNetworkSummary> {
  const sources = [];
  const held = [];
  for (const id of input.ids) {
    const source = await requireNetwork(deps.db, caller.actor, id, 'view');
    held.push(source);
    sources.push({ name: source.network.name, data: await readDocument(deps.db, source.network) });
  }
  const row = await insertNetwork(deps.db, {
    ownerId: caller.actor.userId,
    name: input.name,
    description: `Combined from ${sources.map((s) => s.name).join(', ')}`.slice(0, 2_000),
    document: documentOf(combine(sources, input.directed)),
    ...derivedOrigin(held),
  });
  return await summaryOf(deps, row, 'Owner');
}
