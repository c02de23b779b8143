import { z } from 'zod';
import { RESPONSE_STATUSES } from './answers-rules';
import { ZEmail, ZId } from './common';

/**
 * The owner's responses dashboard (spec §2 Responses dashboard and Edit Status, §7 survey management,
 * §9 paging): the paged list, search, counts, status and address edits, clear all, the timeline.
 */

export const DASHBOARD_LIMITS = {
  /** Spec §9: 10 per page, 10 page buttons. */
  perPage: 10,
  pageButtons: 10,
  maxPerPage: 100,
  /** Search answers one capped list (pagination hides during search). */
  searchResults: 100,
  searchText: 200,
} as const;

export const DASHBOARD_MSG = {
  responsesCleared: 'Responses cleared',
  statusUpdated: 'Status updated',
  addressUpdated: 'Address updated',
  emailTaken: 'Another respondent of this survey already has this email address',
  responseNotFound: 'Response not found',
  noEmail: 'This respondent has no email address to edit',
  badSortDirection: 'sortDirection must be 1 or -1',
  addedByRespondent: 'Added by respondent',
} as const;

export const ZDashboardStatus = z.enum(RESPONSE_STATUSES);
export const DASHBOARD_SORTS = ['name', 'submitted', 'status'] as const;
export type TDashboardSort = (typeof DASHBOARD_SORTS)[number];

/** GET /api/base/responses/paged/{surveyId}: query numbers coerce on purpose (they come as text). */
export const ZPagedResponsesInput = z.object({
  surveyId: ZId,
  sortBy: z.enum(DASHBOARD_SORTS).default('name'),
  /** Empty for all statuses. */
  filterByStatus: z.enum(['', ...RESPONSE_STATUSES]).default(''),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  perPage: z.coerce.number().int().min(1).max(DASHBOARD_LIMITS.maxPerPage).default(DASHBOARD_LIMITS.perPage),
  sortDirection: z.coerce
    .number()
    .int()
    .min(-1)
    .max(1)
    .refine((v) => v !== 0, DASHBOARD_MSG.badSortDirection)
    .default(1),
});
export type TPagedResponsesInput = z.input<typeof ZPagedResponsesInput>;

/** One row of the dashboard's list. */
export const ZDashboardResponse = z.object({
  _id: z.string(),
  randomUUID: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  status: ZDashboardStatus,
  started: z.string().nullable(),
  submitted: z.string().nullable(),
  /** Added to the respondent list by another respondent (snowball), not uploaded by the owner. */
  addedByRespondent: z.boolean(),
});
export type TDashboardResponse = z.infer<typeof ZDashboardResponse>;

/** The spec's "paged response result". */
export const ZPagedResponses = z.object({ count: z.number().int(), nodes: z.array(ZDashboardResponse) });
export type TPagedResponses = z.infer<typeof ZPagedResponses>;

/** GET /api/base/responses/search/{surveyId}?searchText= */
export const ZSearchResponsesInput = z.object({
  surveyId: ZId,
  searchText: z.string().max(DASHBOARD_LIMITS.searchText).default(''),
});

/** GET /api/base/surveys/responseCounts/{id}: the spec's "Response counts". */
export const ZResponseCounts = z.object({
  Total: z.number().int(),
  Submitted: z.number().int(),
  Bounced: z.number().int(),
  byStatus: z.record(ZDashboardStatus, z.number().int()),
  /** Of those, the people respondents added, by status (statuses without any left out). */
  addedByRespondents: z.partialRecord(ZDashboardStatus, z.number().int()),
});
export type TResponseCounts = z.infer<typeof ZResponseCounts>;

export const ZResponseIdInput = z.object({ responseId: ZId });

/** PUT /api/base/responses/status/{responseId}: any status to any other (spec §4). */
export const ZUpdateResponseStatusInput = z.object({ responseId: ZId, status: ZDashboardStatus });

/** PUT /api/base/responses/address/{responseId}: a bounced respondent's corrected address. */
export const ZUpdateResponseAddressInput = z.object({ responseId: ZId, email: ZEmail });

export const ZClearAllResult = z.object({ cleared: z.number().int(), removedNodes: z.number().int() });

/** GET /api/base/responses/timeline/{surveyId}: per UTC day, responses started and submitted. */
export const ZResponsesTimeline = z.object({
  days: z.array(z.object({ day: z.string(), started: z.number().int(), submitted: z.number().int() })),
});
export type TResponsesTimeline = z.infer<typeof ZResponsesTimeline>;
