// Fixtures of the networks tests: small network documents and networks written through the store.
import type { TNetworkData } from '@tieline/graph';
import { documentOf, insertNetwork } from '../src/network-store/store-network';
import type { SeededUser, TestApp } from './helpers';

/** A directed network: a -> b -> c in layer Advice, c -> a in layer Friends; Team per person. */
export function smallNetwork(over: Partial<TNetworkData> = {}): TNetworkData {
  return {
    directed: true,
    layers: ['Advice', 'Friends'],
    nodeAttributes: [{ key: 'Team', type: 'category' }],
    edgeAttributes: [],
    nodes: [
      { name: 'Ana', attributes: { Team: 'Red' } },
      { name: 'Ben', attributes: { Team: 'Red' } },
      { name: 'Cy', attributes: { Team: 'Blue' } },
    ],
    edges: [
      { source: 0, target: 1, layer: 0, weight: 1, attributes: {} },
      { source: 1, target: 2, layer: 0, weight: 2, attributes: {} },
      { source: 2, target: 0, layer: 1, weight: 1, attributes: {} },
    ],
    ...over,
  };
}

/** A network of `owner` written straight through the store (no upload involved). */
export async function seedNetwork(
  app: TestApp,
  owner: Pick<SeededUser, 'userId'>,
  name = 'Advice',
  data = smallNetwork(),
) {
  return await insertNetwork(app.server.deps.db, { ownerId: owner.userId, name, document: documentOf(data) });
}
