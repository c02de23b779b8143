import { z } from 'zod';
import { ZId, zLine } from './common';
import { strictNumber } from './strict';

// Change over time (issue 34): two snapshots of a network compared, and the stability of rankings
// (POST /api/base/networks/compare, POST /api/base/networks/{id}/stability). Formulas in
// docs/analysis.md; the answers' field names are the public contract.

export const CHANGE_LIMITS = {
  /** Permutations of the QAP and E-I tests. */
  permutations: 1_000,
  /** People one snapshot of a comparison may have (as AONA reads networks). */
  comparePeopleMax: 20_000,
  dropoutMin: 0.05,
  dropoutMax: 0.5,
  dropoutDefault: 0.1,
  samplesMin: 50,
  samplesMax: 1_000,
  samplesDefault: 200,
  /** People a stability run reads: 200 samples of 5,000 people take minutes. */
  stabilityPeopleMax: 5_000,
  layerMax: 1_000,
  attributeMax: 300,
} as const;

/** The share of samples that makes a top broker's badge (docs/analysis.md). */
export const STABILITY_BADGE = { stable: 0.8, unstable: 0.5 } as const;

const count = (n: number) => n.toLocaleString('en-US');

export const CHANGE_MSG = {
  noSharedPeople: 'The two snapshots share no people',
  /** Two people of one snapshot whose names fold alike (accents, case and surrounding spaces aside). */
  foldedAlike: (snapshot: 'base' | 'other', a: string, b: string) =>
    `The ${snapshot} snapshot has two people whose names match once accents and case are ignored: “${a}” and “${b}”. Rename one of them to compare.`,
  unknownLayer: (layer: string) => `Neither snapshot has a layer named “${layer}”`,
  missingAttribute: (snapshot: 'base' | 'other', attribute: string) =>
    `The ${snapshot} snapshot has no attribute “${attribute}”`,
  versionNotFound: 'This version of the network is not kept',
  version: 'A version is a whole number, 1 or more',
  layer: 'Name the layer',
  layerTooLong: `Layer names are at most ${count(CHANGE_LIMITS.layerMax)} characters`,
  attribute: 'Name the attribute',
  attributeTooLong: `Attribute names are at most ${count(CHANGE_LIMITS.attributeMax)} characters`,
  dropout: `Dropout is a share from ${CHANGE_LIMITS.dropoutMin} to ${CHANGE_LIMITS.dropoutMax}`,
  samples: `Samples are a whole number from ${CHANGE_LIMITS.samplesMin} to ${count(CHANGE_LIMITS.samplesMax)}`,
  compareTooLarge: `Comparisons read snapshots of up to ${count(CHANGE_LIMITS.comparePeopleMax)} people`,
  stabilityTooLarge: `Stability is computed for networks of up to ${count(CHANGE_LIMITS.stabilityPeopleMax)} people`,
  /** A stability run that could not finish (`reason`: its worker's words, when it has any). */
  stabilityFailed: (reason: string | null) =>
    `The stability of this network could not be computed${reason ? ` (${reason})` : ''}. Ask again to retry.`,
} as const;

const ZVersion = strictNumber(
  z.number({ error: CHANGE_MSG.version }).int(CHANGE_MSG.version).min(1, CHANGE_MSG.version),
);

export const ZCompareNetworksInput = z.object({
  baseNetworkId: ZId,
  otherNetworkId: ZId,
  /** A data version of each network; its current one when absent. */
  baseVersion: ZVersion.optional(),
  otherVersion: ZVersion.optional(),
  /** A layer's own name: only its ties count. */
  layer: zLine({
    required: CHANGE_MSG.layer,
    max: CHANGE_LIMITS.layerMax,
    tooLong: CHANGE_MSG.layerTooLong,
  }).optional(),
  /** A node attribute: the E-I index of each snapshot by it, per group. */
  attribute: zLine({
    required: CHANGE_MSG.attribute,
    max: CHANGE_LIMITS.attributeMax,
    tooLong: CHANGE_MSG.attributeTooLong,
  }).optional(),
});
export type TCompareNetworksInput = z.infer<typeof ZCompareNetworksInput>;

/** The body of POST /networks/{id}/stability (the id is the path's). */
export const ZStabilityBody = z.object({
  dropout: z
    .number({ error: CHANGE_MSG.dropout })
    .min(CHANGE_LIMITS.dropoutMin, CHANGE_MSG.dropout)
    .max(CHANGE_LIMITS.dropoutMax, CHANGE_MSG.dropout)
    .default(CHANGE_LIMITS.dropoutDefault),
  samples: z
    .number({ error: CHANGE_MSG.samples })
    .int(CHANGE_MSG.samples)
    .min(CHANGE_LIMITS.samplesMin, CHANGE_MSG.samples)
    .max(CHANGE_LIMITS.samplesMax, CHANGE_MSG.samples)
    .default(CHANGE_LIMITS.samplesDefault),
  /** A data version of the network; its current one when absent. */
  version: ZVersion.optional(),
});
export const ZStabilityInput = ZStabilityBody.extend({ id: ZId });
export type TStabilityInput = z.infer<typeof ZStabilityInput>;

const ratio = z.number().nullable();
const pair = <T extends z.ZodType>(t: T) => z.tuple([t, t]);

export const ZCompareAnswer = z.object({
  baseNetworkId: z.string(),
  otherNetworkId: z.string(),
  baseVersion: z.number().int(),
  otherVersion: z.number().int(),
  directed: z.boolean(),
  people: z.object({ kept: z.number().int(), joined: z.number().int(), left: z.number().int() }),
  ties: z.object({ kept: z.number().int(), born: z.number().int(), dissolved: z.number().int() }),
  jaccard: z.number(),
  qap: z.object({ r: ratio, p: ratio, permutations: z.number().int() }),
  persons: z.array(
    z.object({
      name: z.string(),
      status: z.enum(['kept', 'joined', 'left']),
      degree: pair(z.number().int().nullable()),
      betweenness: pair(ratio),
      topBroker: pair(z.boolean().nullable()),
    }),
  ),
  tieChanges: z.array(z.object({ source: z.string(), target: z.string(), change: z.enum(['born', 'dissolved']) })),
  /** With `attribute`; null without. */
  ei: z.object({ base: ratio, other: ratio, pBase: ratio, pOther: ratio }).nullable(),
  groups: z.array(z.object({ name: z.string(), people: pair(z.number().int()), ei: pair(ratio) })).nullable(),
});
export type TCompareAnswer = z.infer<typeof ZCompareAnswer>;

export const ZStabilityAnswer = z.object({
  dropout: z.number(),
  samples: z.number().int(),
  /** The data version the samples were drawn from. */
  version: z.number().int(),
  persons: z.array(
    z.object({
      name: z.string(),
      betweenness: z.number(),
      low: ratio,
      high: ratio,
      topBroker: z.boolean(),
      topBrokerShare: ratio,
      badge: z.enum(['stable', 'unstable']).nullable(),
    }),
  ),
});
export type TStabilityAnswer = z.infer<typeof ZStabilityAnswer>;

/** What the stability call answers while the job runs (REST: 202), then once done (REST: 200, the answer). */
export const ZStabilityState = z.union([
  z.object({ state: z.enum(['queued', 'running']), progress: z.number(), position: z.number().int().optional() }),
  z.object({ state: z.literal('done'), progress: z.literal(1), stability: ZStabilityAnswer }),
]);
export type TStabilityState = z.infer<typeof ZStabilityState>;
