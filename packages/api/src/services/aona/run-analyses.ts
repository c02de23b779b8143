import type {
  TCfiAnswer,
  TCfiInput,
  TInformalAlignmentAnswer,
  TInformalDistanceAnswer,
  TInformalInput,
  TReadinessAnswer,
  TReadinessInput,
} from '@tieline/validation';
import { derivedOrigin, requireNetwork } from '../../access/networks';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { documentText, insertNetwork, saveVersion } from '../../network-store/store-network';
import type { TAonaWorkerAnswer, TAonaWorkerInput } from '../../workers/aona';
import { saveResult } from './aona-results';
import { runAonaWorker } from './aona-slots';

// The four AONA analyses (platform spec §7; formulas in docs/analysis.md). Each reads the networks the
// caller may see (another account's id: 404), computes in a worker process (the work is up to quadratic
// in people; the server keeps answering) in one of the server's analysis slots, under a time limit
// (aona-slots.ts), and saves its answer so /aona reopens it without recomputing.

async function compute(
  deps: Deps,
  caller: SignedInCaller,
  input: TAonaWorkerInput,
): Promise<Extract<TAonaWorkerAnswer, { ok: true }>> {
  const answer = await runAonaWorker(deps, caller, input);
  if (!answer.ok) throw new AppError(answer.code, answer.message);
  return answer;
}

async function viewed(deps: Deps, caller: SignedInCaller, id: string) {
  const held = await requireNetwork(deps.db, caller.actor, id, 'view');
  return { ...held, json: await documentText(deps.db, held.network) };
}

async function comparison(
  deps: Deps,
  caller: SignedInCaller,
  analysis: 'informalAlignment' | 'informalDistance',
  input: TInformalInput,
) {
  const formal = await viewed(deps, caller, input.formalNetworkId);
  const informal = await viewed(deps, caller, input.informalNetworkId);
  const { result } = await compute(deps, caller, { analysis, formal: formal.json, informal: informal.json });
  const networks = [
    { role: 'formal', id: formal.network.id, name: formal.network.name },
    { role: 'informal', id: informal.network.id, name: informal.network.name },
  ];
  const owner = { ownerId: caller.actor.userId, passiveAccountId: derivedOrigin([formal, informal]).passiveAccountId };
  return await saveResult(deps.db, owner, analysis, { networks }, result);
}

export async function informalAlignment(
  deps: Deps,
  caller: SignedInCaller,
  input: TInformalInput,
): Promise<TInformalAlignmentAnswer> {
  return (await comparison(deps, caller, 'informalAlignment', input)) as unknown as TInformalAlignmentAnswer;
}

export async function informalDistance(
  deps: Deps,
  caller: SignedInCaller,
  input: TInformalInput,
): Promise<TInformalDistanceAnswer> {
  return (await comparison(deps, caller, 'informalDistance', input)) as unknown as TInformalDistanceAnswer;
}

/**
 * CFI on one network and attribute. With edit access the answer is also written into the network, as a
 * new version with the node attribute `CFI (<attribute>)` (a change made meanwhile: 409). View access is
 * enough to ask; the network is then left as it is (`attributeWritten: false`, `networkVersion` the
 * version read), since a view share never changes a network.
 */
export async function crossFunctionalIndex(deps: Deps, caller: SignedInCaller, input: TCfiInput): Promise<TCfiAnswer> {
  const { network, access } = await requireNetwork(deps.db, caller.actor, input.networkId, 'view');
  const json = await documentText(deps.db, network);
  const answer = await compute(deps, caller, { analysis: 'CFI', data: json, attribute: input.CFIAttribute });
  const write = access !== 'View';
  const inputs = { networks: [{ role: 'network', id: network.id, name: network.name }], attribute: input.CFIAttribute };
  // The new version and the saved result together, or neither.
  const answered = await deps.db.transaction(async (tx) => {
    const saved = write ? await saveVersion(tx, network.id, network.version, answer.network!) : network;
    const result = { ...answer.result, networkVersion: saved.dataVersion, attributeWritten: write };
    const owner = { ownerId: caller.actor.userId, passiveAccountId: network.passiveAccountId };
    return await saveResult(tx, owner, 'CFI', inputs, result);
  });
  return answered as unknown as TCfiAnswer;
}

/**
 * Adaptable readiness: a new network of the caller's, the union of the given ones with the scores as
 * attributes, carrying their origin (derivedOrigin). CFI writes into the network itself, which keeps its own.
 * `energyLayers`, when given, are exactly the energy layers (a name no chosen network has: 400 naming it).
 */
export async function adaptableReadiness(
  deps: Deps,
  caller: SignedInCaller,
  input: TReadinessInput,
): Promise<TReadinessAnswer> {
  const sources: { id: string; name: string; data: string }[] = [];
  const held: Awaited<ReturnType<typeof requireNetwork>>[] = [];
  for (const id of input.networkIds) {
    const { network, access, json } = await viewed(deps, caller, id);
    held.push({ network, access });
    sources.push({ id: network.id, name: network.name, data: json });
  }
  const answer = await compute(deps, caller, {
    analysis: 'adaptableReadiness',
    sources: sources.map(({ name, data }) => ({ name, data })),
    energyLayers: input.energyLayers,
  });
  const inputs = {
    networks: sources.map((s) => ({ role: 'source', id: s.id, name: s.name })),
    createdNetworkName: input.createdARNetworkName,
    ...(input.energyLayers ? { energyLayers: input.energyLayers } : {}),
  };
  // The new network and the saved result together, or neither.
  const origin = derivedOrigin(held);
  const answered = await deps.db.transaction(async (tx) => {
    const row = await insertNetwork(tx, {
      ownerId: caller.actor.userId,
      name: input.createdARNetworkName,
      description: `Adaptable readiness of ${sources.map((s) => s.name).join(', ')}`.slice(0, 2_000),
      document: answer.network!,
      ...origin,
    });
    const owner = { ownerId: caller.actor.userId, passiveAccountId: origin.passiveAccountId };
    return await saveResult(tx, owner, 'adaptableReadiness', inputs, {
      networkId: row.id,
      ...answer.result,
    });
  });
  return answered as unknown as TReadinessAnswer;
}
