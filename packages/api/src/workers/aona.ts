import {
  adaptableReadiness,
  cfi,
  informalAlignment,
  informalDistance,
  sharedPeople,
  type TNetworkData,
  UnknownLayersError,
  withCfiAttribute,
} from '@tieline/graph';
import { AONA_LIMITS, AONA_MSG } from '@tieline/validation';
import type { AppErrorCode } from '../errors';
import { documentOf as document, type TDocument } from '../network-store/store-network';
import { postResult, workerInput } from './worker-side';

// Worker thread (see script-worker.ts): one AONA analysis (packages/graph/src/aona, docs/analysis.md).
// Documents arrive as the JSON text network_versions stores; a made or changed network goes back as
// JSON text too (one copy across threads). Refusals (too few shared people, an unknown attribute or
// energy layer, a network past the size limit) come back as a code and message, nothing computed.

export type TAonaWorkerInput =
  | { analysis: 'informalAlignment' | 'informalDistance'; formal: string; informal: string }
  | { analysis: 'CFI'; data: string; attribute: string }
  | { analysis: 'adaptableReadiness'; sources: { name: string; data: string }[]; energyLayers?: string[] };

export type TAonaWorkerAnswer =
  | { ok: true; result: Record<string, unknown>; network?: TDocument }
  | { ok: false; code: AppErrorCode; message: string };

class Refusal extends Error {}

function read(json: string): TNetworkData {
  const data = JSON.parse(json) as TNetworkData;
  if (data.nodes.length > AONA_LIMITS.peopleMax) throw new Refusal(AONA_MSG.tooLarge);
  return data;
}

function comparison(formalJson: string, informalJson: string) {
  const formal = read(formalJson);
  const informal = read(informalJson);
  const few = sharedPeople(formal, informal);
  if (few) throw new Refusal(AONA_MSG.tooFewShared(few.shared, few.of));
  return { formal, informal };
}

function readiness(sources: { name: string; data: TNetworkData }[], energyLayers: string[] | undefined) {
  try {
    return adaptableReadiness(sources, { energyLayers });
  } catch (error) {
    if (error instanceof UnknownLayersError) throw new Refusal(AONA_MSG.unknownEnergyLayers(error.names));
    throw error;
  }
}

function run(input: TAonaWorkerInput): TAonaWorkerAnswer {
  switch (input.analysis) {
    case 'informalAlignment': {
      const { formal, informal } = comparison(input.formal, input.informal);
      return { ok: true, result: { ...informalAlignment(formal, informal) } };
    }
    case 'informalDistance': {
      const { formal, informal } = comparison(input.formal, input.informal);
      return { ok: true, result: { ...informalDistance(formal, informal) } };
    }
    case 'CFI': {
      const data = read(input.data);
      if (!data.nodeAttributes.some((d) => d.key === input.attribute)) {
        throw new Refusal(AONA_MSG.attributeNotFound(input.attribute));
      }
      const network = document(withCfiAttribute(data, input.attribute));
      return { ok: true, result: { ...cfi(data, input.attribute) }, network };
    }
    case 'adaptableReadiness': {
      const sources = input.sources.map((s) => ({ name: s.name, data: read(s.data) }));
      const { network, ...result } = readiness(sources, input.energyLayers);
      if (network.nodes.length > AONA_LIMITS.peopleMax) throw new Refusal(AONA_MSG.tooLarge);
      return { ok: true, result, network: document(network) };
    }
  }
}

function answer(input: TAonaWorkerInput): TAonaWorkerAnswer {
  try {
    return run(input);
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, code: 'BAD_REQUEST', message: error.message };
    throw error;
  }
}

await postResult<TAonaWorkerAnswer>(answer(await workerInput<TAonaWorkerInput>()));
