import { z } from 'zod';
import { ZId, zLine } from './common';
import { ZNetworkName } from './networks';
import { NETWORK_LIMITS } from './networks-upload';

// AONA (platform spec §7: POST /api/base/passiveData/{informalAlignment,informalDistance,CFI,
// adaptableReadiness}): formal vs informal analyses of networks. The formulas are Tieline's own,
// published in docs/analysis.md; the answers' field names are the public contract.

export const AONA_ANALYSES = ['informalAlignment', 'informalDistance', 'CFI', 'adaptableReadiness'] as const;
export type TAonaAnalysis = (typeof AONA_ANALYSES)[number];

export const AONA_LABELS: Record<TAonaAnalysis, string> = {
  informalAlignment: 'Informal alignment',
  informalDistance: 'Informal distance',
  CFI: 'Cross-functional index',
  adaptableReadiness: 'Adaptable readiness',
};

/** Networks one adaptable readiness analysis unites. */
const READINESS_NETWORKS_MAX = 10;

/** What the page and the workbook call the answers' network-level numbers (their JSON field names are the contract). */
export const AONA_FIGURES = {
  commonPeople: 'People in both',
  formalTies: 'Formal ties',
  informalTies: 'Informal ties',
  sharedTies: 'Shared ties',
  jaccard: 'Jaccard',
  formalCoverage: 'Formal coverage',
  informalConfinement: 'Informal confinement',
  qapR: 'QAP r',
  qapP: 'QAP p',
  qapPermutations: 'QAP permutations',
  reachable: 'Reachable ties',
  unreachable: 'Unreachable ties',
  meanDistance: 'Mean distance',
  medianDistance: 'Median distance',
  external: 'External ties',
  internal: 'Internal ties',
  cfi: 'CFI',
  ei: 'E-I index',
  networkVersion: 'Network version',
  people: 'People',
  ties: 'Ties',
  brokers: 'Brokers',
  connectors: 'Connectors',
  energizers: 'Energizers',
  energyLayers: 'Energy layers',
} as const;

export const AONA_LIMITS = {
  readinessNetworksMax: READINESS_NETWORKS_MAX,
  attributeMax: 300,
  /** An energy layer's name, `<network name>: <layer>` (200 + 2 + 1,000 characters, and a " (2)"). */
  energyLayerMax: 1_300,
  /** Energy layers one adaptable readiness analysis names: every layer of its networks. */
  energyLayersMax: READINESS_NETWORKS_MAX * NETWORK_LIMITS.maxLayers,
  /** People an analysis reads in one network (the work is quadratic in places). */
  peopleMax: 20_000,
  /** Saved results listed per page. */
  resultsPage: 50,
  /** Wall-clock limit of one analysis; the server stops it past this (AONA_TIME_LIMIT_MS). */
  runSeconds: 120,
  /** How long a request waits in line for a free slot before answering with its place (ANALYSIS_WAIT_MS). */
  waitSeconds: 30,
} as const;

/** "2 minutes", "30 seconds", "5 ms": a limit as the messages say it. */
function duration(ms: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (ms >= 60_000 && ms % 60_000 === 0) return unit(ms / 60_000, 'minute');
  if (ms >= 1_000 && ms % 1_000 === 0) return unit(ms / 1_000, 'second');
  return `${ms} ms`;
}

export const AONA_MSG = {
  tooFewShared: (shared: number, of: number) => `The two networks share too few people (${shared} of ${of})`,
  attributeNotFound: (name: string) => `Attribute ${name} not found in this network`,
  attributeRequired: 'Choose an attribute',
  attributeTooLong: 'Attribute names are at most 300 characters',
  sameNetwork: 'Choose two different networks',
  readinessNone: 'Choose at least one network',
  readinessTooMany: `Choose at most ${AONA_LIMITS.readinessNetworksMax} networks`,
  readinessDuplicate: 'Each network can be chosen only once',
  tooLarge: `AONA analyses read networks of up to ${AONA_LIMITS.peopleMax.toLocaleString('en-US')} people`,
  energyLayersList: 'Energy layers are a list of layer names',
  energyLayerRequired: 'Name each energy layer as “<network name>: <layer>”',
  energyLayerTooLong: `Energy layer names are at most ${AONA_LIMITS.energyLayerMax.toLocaleString('en-US')} characters`,
  energyLayersTooMany: `Name at most ${AONA_LIMITS.energyLayersMax.toLocaleString('en-US')} energy layers`,
  /** Names in `energyLayers` that are no layer of the chosen networks (the first three, then how many more). */
  unknownEnergyLayers: (names: readonly string[]) => {
    const shown = names
      .slice(0, 3)
      .map((n) => `“${n}”`)
      .join(', ');
    const more = names.length > 3 ? ` and ${names.length - 3} more` : '';
    return `${names.length === 1 ? 'This is not a layer' : 'These are not layers'} of the chosen networks: ${shown}${more}. Energy layers are named “<network name>: <layer>”, or the network’s name for a network without layers.`;
  },
  resultNotFound: 'Result not found',
  /** Every slot stayed taken while the request waited (429): how many run, and the place it had. */
  busy: (running: number, position: number) =>
    `${running === 1 ? '1 analysis is' : `${running} analyses are`} running; yours was number ${position} in line. Try again in a moment.`,
  /** What the page shows while a run waits in line. */
  waiting: (running: number, position: number) =>
    `Waiting for a free slot: ${running === 1 ? '1 analysis is' : `${running} analyses are`} running; yours is number ${position} in line`,
  timeLimit: (ms: number) =>
    `The analysis ran past its time limit of ${duration(ms)} and was stopped; nothing was saved. Try smaller networks.`,
  outOfMemory: 'The analysis ran out of memory and was stopped; nothing was saved. Try smaller networks.',
} as const;

export const ZInformalInput = z
  .object({ formalNetworkId: ZId, informalNetworkId: ZId })
  .refine((v) => v.formalNetworkId !== v.informalNetworkId, {
    message: AONA_MSG.sameNetwork,
    path: ['informalNetworkId'],
  });
export type TInformalInput = z.infer<typeof ZInformalInput>;

export const ZCfiInput = z.object({
  networkId: ZId,
  CFIAttribute: zLine({
    required: AONA_MSG.attributeRequired,
    max: AONA_LIMITS.attributeMax,
    tooLong: AONA_MSG.attributeTooLong,
  }),
});
export type TCfiInput = z.infer<typeof ZCfiInput>;

export const ZReadinessInput = z.object({
  networkIds: z
    .array(ZId, { error: AONA_MSG.readinessNone })
    .min(1, AONA_MSG.readinessNone)
    .max(AONA_LIMITS.readinessNetworksMax, AONA_MSG.readinessTooMany)
    .refine((ids) => new Set(ids).size === ids.length, AONA_MSG.readinessDuplicate),
  createdARNetworkName: ZNetworkName,
  /**
   * The layers that count as energy layers, by name (`<network name>: <layer>`), and no others (even
   * none); absent: the layers whose own name contains "energ" (docs/analysis.md).
   */
  energyLayers: z
    .array(
      zLine({
        required: AONA_MSG.energyLayerRequired,
        max: AONA_LIMITS.energyLayerMax,
        tooLong: AONA_MSG.energyLayerTooLong,
      }),
      { error: AONA_MSG.energyLayersList },
    )
    .max(AONA_LIMITS.energyLayersMax, AONA_MSG.energyLayersTooMany)
    .optional()
    .meta({
      description:
        'The energy layers, exactly (`<network name>: <layer>`; [] for none). Absent: layers whose own name contains "energ".',
    }),
});
export type TReadinessInput = z.infer<typeof ZReadinessInput>;

const ratio = z.number().nullable();
/** Every answer names the saved result it was stored as (GET /aona/results/{id}). */
const saved = { resultId: z.string() };

export const ZInformalAlignment = z.object({
  ...saved,
  commonPeople: z.number().int(),
  formalTies: z.number().int(),
  informalTies: z.number().int(),
  sharedTies: z.number().int(),
  jaccard: z.number(),
  formalCoverage: ratio,
  informalConfinement: ratio,
  qap: z.object({ r: ratio, p: ratio, permutations: z.number().int() }),
  people: z.array(
    z.object({ name: z.string(), informalTies: z.number().int(), sharedTies: z.number().int(), alignment: ratio }),
  ),
});

export const ZInformalDistance = z.object({
  ...saved,
  ties: z.array(z.object({ source: z.string(), target: z.string(), distance: z.number().int().nullable() })),
  reachable: z.number().int(),
  unreachable: z.number().int(),
  meanDistance: ratio,
  medianDistance: ratio,
  histogram: z.array(z.object({ distance: z.number().int(), ties: z.number().int() })),
  people: z.array(z.object({ name: z.string(), ties: z.number().int(), meanDistance: ratio })),
});

export const ZCfiAnswer = z.object({
  ...saved,
  external: z.number().int(),
  internal: z.number().int(),
  cfi: ratio,
  ei: ratio,
  groups: z.array(
    z.object({
      value: z.string(),
      people: z.number().int(),
      external: z.number().int(),
      internal: z.number().int(),
      cfi: ratio,
      ei: ratio,
    }),
  ),
  people: z.array(z.object({ name: z.string(), value: z.string(), cfi: ratio })),
  /** The network's data version holding the `CFI (<attribute>)` node attribute (with edit access), else the one read. */
  networkVersion: z.number().int(),
  /** Whether the attribute was written (edit access); a view share reads the answer and changes nothing. */
  attributeWritten: z.boolean().default(true),
});

export const ZReadinessAnswer = z.object({
  ...saved,
  networkId: z.string(),
  people: z.number().int(),
  ties: z.number().int(),
  brokers: z.number().int(),
  connectors: z.number().int(),
  energizers: z.number().int().nullable(),
  /** The layers that counted as energy layers (absent in results saved before it was recorded). */
  energyLayers: z.array(z.string()).optional(),
  scores: z.array(
    z.object({
      name: z.string(),
      connector: ratio,
      broker: z.number(),
      energizer: ratio,
      readiness: ratio,
      role: z.string(),
    }),
  ),
});

export type TInformalAlignmentAnswer = z.infer<typeof ZInformalAlignment>;
export type TInformalDistanceAnswer = z.infer<typeof ZInformalDistance>;
export type TCfiAnswer = z.infer<typeof ZCfiAnswer>;
export type TReadinessAnswer = z.infer<typeof ZReadinessAnswer>;

/** The networks (and attribute) a saved result was asked about, by id and by name at the time. */
export const ZAonaInputs = z.object({
  networks: z.array(z.object({ role: z.string(), id: z.string(), name: z.string() })),
  attribute: z.string().optional(),
  createdNetworkName: z.string().optional(),
  /** Adaptable readiness: the energy layers the caller ticked (absent: the name rule applied). */
  energyLayers: z.array(z.string()).optional(),
});
export type TAonaInputs = z.infer<typeof ZAonaInputs>;

export const ZAonaResultSummary = z.object({
  _id: z.string(),
  analysis: z.enum(AONA_ANALYSES),
  inputs: ZAonaInputs,
  createdAt: z.string(),
});
export type TAonaResultSummary = z.infer<typeof ZAonaResultSummary>;

export const ZAonaResultsInput = z.object({ analysis: z.enum(AONA_ANALYSES).optional() }).default({});

export const ZAonaResultIdInput = z.object({ id: ZId });

/** A saved result: its summary and the answer as it was computed. */
export const ZAonaResult = ZAonaResultSummary.extend({
  result: z.union([ZInformalAlignment, ZInformalDistance, ZCfiAnswer, ZReadinessAnswer]),
});
export type TAonaResult = z.infer<typeof ZAonaResult>;

/** GET /aona/queue: this server's analysis slots, and the caller's AONA runs waiting in line for one. */
export const ZAonaQueue = z.object({
  /** Runs holding a slot (AONA analyses, network metrics, Discover summaries). */
  running: z.number().int(),
  slots: z.number().int(),
  waiting: z.array(z.object({ analysis: z.enum(AONA_ANALYSES), position: z.number().int() })),
});
export type TAonaQueue = z.infer<typeof ZAonaQueue>;
