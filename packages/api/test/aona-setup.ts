// Fixtures of the AONA tests: small formal and informal networks whose answers are worked out by hand
// in aona.test.ts, and callers with the AONA module on (it is off by default).
import type { TNetworkData } from '@tieline/graph';
import { RestClient, type SeededUser, seedUser, type TestApp } from './helpers';
import { withModules } from './router-access-fixtures';

const tie = (source: number, target: number, layer = 0) => ({ source, target, layer, weight: 1, attributes: {} });

/** Reporting lines: Ann manages Bob and Cat, Bob manages Dan and Eve (a tree of 4 ties). */
export function formalNetwork(): TNetworkData {
  return {
    directed: true,
    layers: ['Reports to'],
    nodeAttributes: [],
    edgeAttributes: [],
    nodes: ['Ann', 'Bob', 'Cat', 'Dan', 'Eve'].map((name) => ({ name, attributes: {} })),
    edges: [tie(1, 0), tie(2, 0), tie(3, 1), tie(4, 1)],
  };
}

/**
 * Advice among the same five, spelt differently (case, accents, spaces): ann-Böb twice (merged),
 * Cat-Dan, Dan->Böb (the reverse of a formal tie), and Eve's self-tie (ignored).
 */
export function informalNetwork(): TNetworkData {
  return {
    directed: true,
    layers: ['Advice'],
    nodeAttributes: [],
    edgeAttributes: [],
    nodes: ['ann', ' Böb ', 'CAT', 'Dan', 'Eve'].map((name) => ({ name, attributes: {} })),
    edges: [tie(0, 1), tie(1, 0), tie(2, 3), tie(3, 1), tie(4, 4)],
  };
}

/** A user with the AONA module on, and a REST client signed in as them. */
export async function aonaUser(app: TestApp, role: 'individual' | 'owner' = 'individual') {
  const user: SeededUser = await withModules(app, await seedUser(app, role), ['AONA']);
  const client = new RestClient(app.url);
  client.cookie = user.cookie;
  return { user, client };
}
