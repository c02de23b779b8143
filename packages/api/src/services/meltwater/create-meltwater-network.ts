import type { TMeltwaterInput, TMeltwaterResult } from '@tieline/validation';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { documentOf, insertNetwork } from '../../network-store/store-network';
import { parseExport } from './parse-export';

/**
 * passiveData/meltwater: a new network of the caller's from a Meltwater export. The export is read and
 * the network built before anything is written, so a refused export stores nothing.
 */
export async function createMeltwaterNetwork(
  deps: Deps,
  caller: SignedInCaller,
  input: TMeltwaterInput,
): Promise<TMeltwaterResult> {
  const built = parseExport(input.jsonData);
  const row = await insertNetwork(deps.db, {
    ownerId: caller.actor.userId,
    name: input.name,
    description: `From a Meltwater export of ${built.documents} documents`,
    document: documentOf(built.data),
  });
  return {
    networkId: row.id,
    name: row.name,
    documents: built.documents,
    used: built.used,
    skipped: built.skipped,
    people: built.data.nodes.length,
    ties: built.data.edges.length,
    layers: built.layers,
  };
}
