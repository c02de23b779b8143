import { z } from 'zod';
import { ZId, zLine } from './common';
import { PASSIVE_MSG } from './passive-data-messages';

// Group reports (POST /api/base/passiveData/reports): a query's people grouped by one attribute, with
// the ties and interactions between and within groups. No group smaller than the account's minimum
// group size is shown, and no person is named. The rules users read are in docs/passive-data.md.

export const REPORT_LIMITS = { attributeMax: 100 } as const;

/** The group of people whose value of the attribute is missing (a group like the others). */
export const REPORT_UNKNOWN_GROUP = 'Unknown';
/** The group that gathers the groups below the minimum group size. */
export const REPORT_OTHER_GROUP = 'Other';

export const ZPassiveReportInput = z.object({
  queryId: ZId,
  /** `title`, or a profile field (Department, Location, ...); matched without regard to case. */
  attribute: zLine({
    required: PASSIVE_MSG.reportAttributeRequired,
    max: REPORT_LIMITS.attributeMax,
    tooLong: PASSIVE_MSG.reportAttributeTooLong,
  }),
});
export type TPassiveReportInput = z.output<typeof ZPassiveReportInput>;

export const ZReportGroup = z.object({
  name: z.string(),
  people: z.number().int(),
  /** Ties with both people in the group. */
  internal: z.number().int(),
  /** Ties with one person in the group and the other in another group shown. */
  external: z.number().int(),
  /** Krackhardt's E-I index over ties, (external - internal) / (external + internal); null when both are 0. */
  ei: z.number().nullable(),
});
export type TReportGroup = z.infer<typeof ZReportGroup>;

export const ZReportCell = z.object({
  from: z.string(),
  to: z.string(),
  /** Interactions summed over the query's types (relations count once each). */
  interactions: z.number().int(),
  /** Pairs of people kept by the query (its minimum interactions applied). */
  ties: z.number().int(),
});
export type TReportCell = z.infer<typeof ZReportCell>;

export const ZPassiveReport = z.object({
  /** The attribute's name as the people hold it (`title`, `Department`, ...). */
  attribute: z.string(),
  minimumGroupSize: z.number().int(),
  /** Largest first, "Other" last. */
  groups: z.array(ZReportGroup),
  /**
   * Cells with at least one tie. Directed queries: from the group of the tie's source to the group of
   * its target. Undirected: one cell per pair of groups, `from` the one listed first in `groups`.
   */
  matrix: z.array(ZReportCell),
  /** People left out because even "Other" had fewer people than the minimum group size. */
  hiddenPeople: z.number().int(),
});
export type TPassiveReport = z.infer<typeof ZPassiveReport>;

/** The attributes a report can group by: `title` and the profile fields the account's people hold. */
export const ZReportAttributes = z.array(z.string());
