// Rows of router-access-table.ts for the AONA procedures (aona.*): the analyses name networks (another
// account's: 404 with the network message), the saved results are their owner's alone (404 too).
import { randomUUID } from 'node:crypto';
import { aonaResults } from '@tieline/db';
import { AONA_MSG } from '@tieline/validation';
import type { SeededUser } from './helpers';
import { type Fixtures, onNetwork, type Row } from './router-access-fixtures';

/** A saved CFI answer of a network without ties. */
const EMPTY_CFI = { external: 0, internal: 0, cfi: null, ei: null, groups: [], people: [], networkVersion: 2 };

async function resultOf(f: Fixtures, owner: SeededUser) {
  const [row] = await f.app.server.deps.db
    .insert(aonaResults)
    .values({ ownerId: owner.userId, analysis: 'CFI', inputs: { networks: [] }, result: JSON.stringify(EMPTY_CFI) })
    .returning({ id: aonaResults.id });
  return row!.id;
}

const onResult = (input: (id: string) => unknown): Row => ({
  rule: 'signedIn',
  input: async (f) => input(await resultOf(f, f.me)),
  foreign: { id: (f) => resultOf(f, f.other), input, answer: { status: 404, message: AONA_MSG.resultNotFound } },
});

export const AONA_PROCEDURES: Record<string, Row> = {
  'aona.informalAlignment': onNetwork((id) => ({ formalNetworkId: id, informalNetworkId: randomUUID() })),
  'aona.informalDistance': onNetwork((id) => ({ formalNetworkId: id, informalNetworkId: randomUUID() })),
  'aona.CFI': onNetwork((id) => ({ networkId: id, CFIAttribute: 'Team' })),
  'aona.adaptableReadiness': onNetwork((id) => ({ networkIds: [id], createdARNetworkName: 'Readiness' })),
  'aona.queue': { rule: 'signedIn' },
  'aona.results.list': { rule: 'signedIn' },
  'aona.results.get': onResult((id) => ({ id })),
  'aona.results.delete': onResult((id) => ({ id })),
};
