import { z } from 'zod';
import { ZEmail, ZId, zLine, zMultiline } from './common';
import { UPLOAD_ROWS_MSG } from './lists-messages';
import { NETWORK_MSG } from './networks-messages';
import { ZNetworkSeriesRef } from './series';
import { strictNumber, zFlag } from './strict';

// Networks: the list, management, sharing and metrics calls (platform spec §2 networks routes, §7
// GET /api/base/networks). The network document itself is @tieline/graph's TNetworkData; uploads and
// their messages are in networks-upload.ts, the messages of these calls in networks-messages.ts.

export const NETWORK_MANAGE_LIMITS = {
  nameMax: 200,
  descriptionMax: 2_000,
  combineMax: 10,
  /** A combination's size (every source's ties are kept, so their sum; people matched by name). */
  combineTiesMax: 500_000,
  combinePeopleMax: 100_000,
  selectMax: 100,
  sharesMax: 500,
  /** Versions kept per network: older ones (and their cached metrics) are pruned. */
  versionsKept: 20,
} as const;

export const NETWORK_PERMISSIONS = ['View', 'Edit'] as const;
export const ZNetworkPermission = z.enum(NETWORK_PERMISSIONS, { error: NETWORK_MSG.permission });
export type TNetworkPermission = z.infer<typeof ZNetworkPermission>;
/** What the caller may do with a network: its owner, or a user it was shared with. */
export type TNetworkAccess = 'Owner' | TNetworkPermission;

export const ZNetworkName = zLine({
  required: NETWORK_MSG.nameRequired,
  max: NETWORK_MANAGE_LIMITS.nameMax,
  tooLong: NETWORK_MSG.nameTooLong,
});
export const ZNetworkDescription = zMultiline({
  required: NETWORK_MSG.notText,
  max: NETWORK_MANAGE_LIMITS.descriptionMax,
  tooLong: NETWORK_MSG.descriptionTooLong,
  allowEmpty: true,
});

export const ZNetworkIdInput = z.object({ id: ZId });

export const ZNetworkSummary = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  directed: z.boolean(),
  owner: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  access: z.enum(['Owner', ...NETWORK_PERMISSIONS]),
  /** Bumped by every change; a write names the version it was based on. */
  version: z.number().int(),
  /** The current document's version (a series snapshot names one); bumped only when the network itself changes. */
  dataVersion: z.number().int(),
  nodeCount: z.number().int(),
  edgeCount: z.number().int(),
  layers: z.array(z.string()),
  /** The survey the network is made from (refreshed as answers arrive), or null. */
  surveyId: z.string().nullable(),
  /** When a survey network was last built from (or checked against) its survey's answers; null otherwise. */
  surveyRefreshedAt: z.string().nullable(),
  /** New answers were submitted and the automatic refresh has not taken them in yet. */
  surveyPending: z.boolean(),
  /** Holds people's collaboration data: made by a passive-data query, or derived from such a network. */
  passive: z.boolean(),
  /** Made from a network held through a share (or from such a copy): never published to Discover. */
  copiedFromShare: z.boolean(),
  /** The series the caller can see that hold a version of this network. */
  series: z.array(ZNetworkSeriesRef),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TNetworkSummary = z.infer<typeof ZNetworkSummary>;
/** POST /api/base/networks answers the new network's summary and what the upload did besides (notices). */
export const ZNetworkUploadResult = ZNetworkSummary.extend({ notices: z.array(z.string()) });
export type TNetworkUploadResult = z.infer<typeof ZNetworkUploadResult>;

export const ZNetworkListInput = z
  .object({
    sortBy: z.enum(['name', 'updatedAt']).default('updatedAt'),
    sortDirection: z.enum(['asc', 'desc']).default('desc'),
  })
  .default({ sortBy: 'updatedAt', sortDirection: 'desc' });
export type TNetworkListInput = z.infer<typeof ZNetworkListInput>;

export const ZUpdateNetworkInput = z.object({
  id: ZId,
  version: strictNumber(z.number({ error: 'version must be a number' }).int().positive()),
  name: ZNetworkName.optional(),
  description: ZNetworkDescription.optional(),
  directed: zFlag().optional(),
});
export type TUpdateNetworkInput = z.infer<typeof ZUpdateNetworkInput>;

export const ZDeleteNetworksInput = z.object({
  ids: z
    .array(ZId, { error: NETWORK_MSG.selectNone })
    .min(1, NETWORK_MSG.selectNone)
    .max(NETWORK_MANAGE_LIMITS.selectMax, NETWORK_MSG.selectTooMany)
    .transform((ids) => [...new Set(ids)]),
});

export const ZCombineNetworksInput = z.object({
  ids: z
    .array(ZId, { error: NETWORK_MSG.combineTooFew })
    .min(2, NETWORK_MSG.combineTooFew)
    .max(NETWORK_MANAGE_LIMITS.combineMax, NETWORK_MSG.combineTooMany)
    .refine((ids) => new Set(ids).size === ids.length, NETWORK_MSG.combineDuplicate),
  name: ZNetworkName,
  directed: zFlag(),
});
export type TCombineNetworksInput = z.infer<typeof ZCombineNetworksInput>;

export const ZNetworkFromSurveyInput = z.object({ surveyId: ZId, name: ZNetworkName.optional() });

/** Metrics options. `layer`: one layer's index, or all layers merged when absent. */
const ZMetricsOptions = z.object({
  id: ZId,
  layer: z.coerce.number().int().min(0).max(999).optional(),
  groupAttribute: z.string().max(300).optional(),
});
/** A kept data version in a query string (a series snapshot's); the current one when absent. */
const ZVersionParam = z.coerce
  .number({ error: NETWORK_MSG.version })
  .int(NETWORK_MSG.version)
  .min(1, NETWORK_MSG.version)
  .max(2_147_483_647, NETWORK_MSG.version)
  .optional();
export const ZNetworkMetricsInput = ZMetricsOptions.extend({ version: ZVersionParam });
export type TNetworkMetricsInput = z.infer<typeof ZNetworkMetricsInput>;
/** GET /networks/{id}/data?version=: the current document, or a kept version of it. */
export const ZNetworkDataInput = z.object({ id: ZId, version: ZVersionParam });

/**
 * GET /networks/{id}/export/{fileType}?layer=&groupAttribute=&metrics=: the metrics' options as for
 * /metrics; `metrics=false` writes the network alone, at once (docs/exports.md).
 */
export const ZNetworkExportQuery = ZMetricsOptions.extend({
  metrics: z.enum(['true', 'false'], { error: NETWORK_MSG.metricsFlag }).optional(),
});
export type TNetworkExportQuery = z.infer<typeof ZNetworkExportQuery>;

export const ZNetworkShare = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  permission: ZNetworkPermission,
});
export type TNetworkShare = z.infer<typeof ZNetworkShare>;

export const ZAddNetworkShareInput = z.object({ id: ZId, email: ZEmail, permission: ZNetworkPermission });
export const ZEditNetworkShareInput = z.object({ id: ZId, userId: ZId, permission: ZNetworkPermission });
export const ZRemoveNetworkShareInput = z.object({ id: ZId, userId: ZId });

/** The text fields of POST /api/base/networks (multipart): `directed` as the form sends it. */
export const ZNetworkUploadFields = z.object({
  name: ZNetworkName,
  fileType: z.string({ error: 'Choose a file type' }).max(20),
  directed: z.enum(['true', 'false'], { error: "directed must be 'true' or 'false'" }).transform((v) => v === 'true'),
});

/** Sharing by upload ({id}/manage/users/upload): the list upload rules of the spec, worded for users. */
export const NETWORK_SHARES_UPLOAD_MSG = {
  heading:
    "User list not uploaded due to an invalid column heading. Please ensure that your list has 'Name', 'Email' and 'Permission' as its first three column headings",
  duplicated: (first: string) => `User list not uploaded. ${first} has been duplicated`,
  ...UPLOAD_ROWS_MSG,
  unknownUsers: (emails: string[]) =>
    `No Tieline user has the email address ${emails.slice(0, 5).join(', ')}${emails.length > 5 ? ` and ${emails.length - 5} other(s)` : ''}`,
  permission: (row: number) => `Row ${row}: permission must be 'View' or 'Edit'`,
  tooMany: `A network can be shared with at most ${NETWORK_MANAGE_LIMITS.sharesMax} people`,
  owner: 'The list names the owner of this network',
} as const;
