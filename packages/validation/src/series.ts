import { z } from 'zod';
import { ZId, zLine } from './common';
import { NETWORK_MSG } from './networks-messages';
import { strictNumber } from './strict';

// Series (issue 34): an ordered list of snapshots, each a network version (networkId, dataVersion) with
// a label, and from/to dates when it covers a period (a passive query's weeks or months). Made by a
// passive query with a snapshotInterval, or by hand from networks the caller can see. docs/networks.md.

export const SERIES_LIMITS = {
  /** A series keeps all its snapshots up to this many (two years of weeks). */
  snapshotsMax: 104,
  nameMax: 200,
  labelMax: 100,
} as const;

/** How a passive query cuts its window: one network (none), or one snapshot per ISO week or month (UTC). */
export const SNAPSHOT_INTERVALS = ['none', 'week', 'month'] as const;
export type TSnapshotInterval = (typeof SNAPSHOT_INTERVALS)[number];

export const SERIES_MSG = {
  notFound: 'Series not found',
  notOwner: 'Only the owner of this series can delete it',
  nameRequired: 'Series name cannot be blank',
  nameTooLong: `Series name must be at most ${SERIES_LIMITS.nameMax} characters`,
  labelRequired: 'Each snapshot needs a label',
  labelTooLong: `A snapshot label must be at most ${SERIES_LIMITS.labelMax} characters`,
  snapshotsRequired: 'Choose at least one snapshot',
  snapshotsTooMany: `A series holds at most ${SERIES_LIMITS.snapshotsMax} snapshots`,
  dataVersion: 'dataVersion must be a whole number from 1',
  duplicateLabel: (label: string) => `Two snapshots are labeled ${label}: each label once`,
  duplicateSnapshot: 'Each network version can be in a series only once',
  interval: "snapshotInterval must be 'none', 'week' or 'month'",
  versionGone: NETWORK_MSG.versionGone,
  busy: (running: number, position: number) =>
    `The server is measuring other networks (${running} running); this series is number ${position} in line. Try again in a moment.`,
  tooHeavy: 'These networks are too large to measure right now; try again later.',
} as const;

export const ZSnapshotInterval = z.enum(SNAPSHOT_INTERVALS, { error: SERIES_MSG.interval });

const ZSeriesName = zLine({
  required: SERIES_MSG.nameRequired,
  max: SERIES_LIMITS.nameMax,
  tooLong: SERIES_MSG.nameTooLong,
});

const ZSnapshotLabel = zLine({
  required: SERIES_MSG.labelRequired,
  max: SERIES_LIMITS.labelMax,
  tooLong: SERIES_MSG.labelTooLong,
});

/** A network's data version (the network summary's `dataVersion`). */
export const ZDataVersion = strictNumber(
  z.number({ error: SERIES_MSG.dataVersion }).int(SERIES_MSG.dataVersion).min(1, SERIES_MSG.dataVersion),
);

export const ZCreateSeriesInput = z
  .object({
    name: ZSeriesName,
    snapshots: z
      .array(
        z.object({
          networkId: ZId,
          /** The network's current version when absent. */
          dataVersion: ZDataVersion.optional(),
          label: ZSnapshotLabel,
        }),
        { error: SERIES_MSG.snapshotsRequired },
      )
      .min(1, SERIES_MSG.snapshotsRequired)
      .max(SERIES_LIMITS.snapshotsMax, SERIES_MSG.snapshotsTooMany),
  })
  .superRefine((input, ctx) => {
    const labels = new Set<string>();
    input.snapshots.forEach((s, i) => {
      if (labels.has(s.label))
        ctx.addIssue({ code: 'custom', path: ['snapshots', i, 'label'], message: SERIES_MSG.duplicateLabel(s.label) });
      labels.add(s.label);
    });
  });
export type TCreateSeriesInput = z.output<typeof ZCreateSeriesInput>;

export const ZSeriesIdInput = z.object({ id: ZId });

/** GET /series: one row per series the caller can see, `snapshots` their count. */
export const ZSeriesListItem = z.object({ _id: z.string(), name: z.string(), snapshots: z.number().int() });
export type TSeriesListItem = z.infer<typeof ZSeriesListItem>;

/**
 * Measures of a snapshot's merged simple graph, as the explorer's dashboard defines them
 * (docs/network-metrics.md): `meanDegree` = 2 x ties / people, `reciprocity` null when undirected,
 * `modularity` of the unweighted seeded Louvain partition.
 */
export const ZSnapshotMeasures = z.object({
  people: z.number().int(),
  ties: z.number().int(),
  density: z.number(),
  meanDegree: z.number(),
  reciprocity: z.number().nullable(),
  transitivity: z.number(),
  modularity: z.number(),
});
export type TSnapshotMeasures = z.infer<typeof ZSnapshotMeasures>;

export const ZSeriesSnapshot = z
  .object({
    networkId: z.string(),
    dataVersion: z.number().int(),
    label: z.string(),
    /** The period's first and last days (YYYY-MM-DD, both inclusive); null for hand-made series. */
    from: z.string().nullable(),
    to: z.string().nullable(),
  })
  .extend(ZSnapshotMeasures.shape);
export type TSeriesSnapshot = z.infer<typeof ZSeriesSnapshot>;

export const ZSeries = z.object({
  _id: z.string(),
  name: z.string(),
  /** The passive query whose runs build it; null for a series made by hand. */
  queryId: z.string().nullable(),
  snapshots: z.array(ZSeriesSnapshot),
});
export type TSeries = z.infer<typeof ZSeries>;

/** What a network summary says of the series that hold one of its versions (the list's mark). */
export const ZNetworkSeriesRef = z.object({ _id: z.string(), name: z.string() });
