import { z } from 'zod';
import { ZEmail, ZId, zLine } from './common';
import { PASSIVE_MSG } from './passive-data-messages';
import { SNAPSHOT_INTERVALS, ZSnapshotInterval } from './series';
import { strictNumber, zFlag } from './strict';

// Passive data (platform spec §1 sources, §2 /passivedata): connections to collaboration tools, the
// people and interactions they give (metadata only), lists, queries that turn interactions into
// networks, and the account's settings. Calls under /api/base/passiveData/. Definitions users read
// are in docs/passive-data.md.

export const PASSIVE_LIMITS = {
  nameMax: 200,
  listMembersMax: 100_000,
  listsPerQuery: 50,
  connectionsPerQuery: 100,
  attributesMax: 50,
  excludedMax: 1_000,
  /** Default upload limit of a Slack export (configurable, SLACK_EXPORT_MAX_BYTES). */
  exportMaxBytes: 2 * 1024 ** 3,
  exportMaxEntries: 500_000,
  /** Attribute values held by fewer people than this show as "Other" under pseudonymization. */
  pseudonymMinGroup: 5,
  peoplePageMax: 200,
  /** Runs GET queries/{id} shows, newest first. */
  runsShown: 50,
  /** The account's minimum group size (group reports, pseudonymized attributes): its bounds and default. */
  minimumGroupSizeMin: 3,
  minimumGroupSizeMax: 1_000,
  minimumGroupSizeDefault: 5,
} as const;

/** The connection kinds a query names in `sources`. */
export const PASSIVE_SOURCES = ['slack', 'office365'] as const;
export type TPassiveSource = (typeof PASSIVE_SOURCES)[number];

/** Interaction types by source; a network gets one layer per type, named by INTERACTION_LAYERS. */
export const SOURCE_TYPES = {
  slack: ['reply', 'mention', 'reaction', 'directMessage'],
  office365: ['email', 'meeting', 'people', 'teamsReply', 'teamsMention', 'teamsChat', 'reportsTo'],
} as const satisfies Record<TPassiveSource, readonly string[]>;
export const INTERACTION_TYPES = [...SOURCE_TYPES.slack, ...SOURCE_TYPES.office365] as const;
export type TInteractionType = (typeof INTERACTION_TYPES)[number];

export const INTERACTION_LAYERS: Record<TInteractionType, string> = {
  reply: 'Slack reply',
  mention: 'Slack mention',
  reaction: 'Slack reaction',
  directMessage: 'Slack direct message',
  email: 'Email',
  meeting: 'Meeting',
  people: 'People',
  teamsReply: 'Teams reply',
  teamsMention: 'Teams mention',
  teamsChat: 'Teams chat',
  reportsTo: 'Reports to',
};

/** Types counted only from messages with at most the query's maxRecipients recipients (attendees). */
export const RECIPIENT_LIMITED_TYPES: readonly TInteractionType[] = ['directMessage', 'email', 'teamsChat', 'meeting'];
/** Mutual types, stored once per pair per event: a directed network gets both directions. */
export const SYMMETRIC_TYPES: readonly TInteractionType[] = ['meeting'];
/** Relations, not interactions: a query's window and minimum do not apply; weight is the stored weight. */
export const RELATION_TYPES: readonly TInteractionType[] = ['people', 'reportsTo'];

/** The source a type belongs to. */
export const sourceOfType = (type: TInteractionType): TPassiveSource =>
  (SOURCE_TYPES.slack as readonly string[]).includes(type) ? 'slack' : 'office365';

export const CONNECTION_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type TConnectionStatus = (typeof CONNECTION_STATUSES)[number];
export const RUN_STATUSES = CONNECTION_STATUSES;
export type TRunStatus = TConnectionStatus;

/** How a connection gets its data: an uploaded export, or the source's API. */
export const CONNECTION_METHODS = ['export', 'api'] as const;

/** A name of a list, query or connection. */
export const ZPassiveName = zLine({
  required: PASSIVE_MSG.nameRequired,
  max: PASSIVE_LIMITS.nameMax,
  tooLong: PASSIVE_MSG.nameTooLong,
});
const ZDate = z
  .string({ error: PASSIVE_MSG.badDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, PASSIVE_MSG.badDate)
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    PASSIVE_MSG.badDate,
  );
const wholeNumber = (min: number, max: number, message: string) =>
  strictNumber(z.number({ error: message }).int(message).min(min, message).max(max, message));

export const QUERY_DEFAULTS = { minInteractions: 2, maxRecipients: 25 } as const;

const ZQueryFields = z.object({
  name: ZPassiveName,
  sources: z
    .array(z.enum(PASSIVE_SOURCES), { error: PASSIVE_MSG.sourcesRequired })
    .min(1, PASSIVE_MSG.sourcesRequired)
    .max(PASSIVE_SOURCES.length)
    .transform((v) => [...new Set(v)]),
  types: z
    .array(z.enum(INTERACTION_TYPES), { error: PASSIVE_MSG.typesRequired })
    .min(1, PASSIVE_MSG.typesRequired)
    .max(INTERACTION_TYPES.length)
    .transform((v) => [...new Set(v)]),
  from: ZDate.optional(),
  to: ZDate.optional(),
  lastDays: wholeNumber(1, 3650, PASSIVE_MSG.lastDays).optional(),
  includeListIds: z.array(ZId).max(PASSIVE_LIMITS.listsPerQuery).default([]),
  excludeListIds: z.array(ZId).max(PASSIVE_LIMITS.listsPerQuery).default([]),
  /** The connections read (each of a chosen source); absent or empty: every connection of the sources. */
  connectionIds: z
    .array(ZId, { error: PASSIVE_MSG.connectionIdsShape })
    .max(PASSIVE_LIMITS.connectionsPerQuery, PASSIVE_MSG.tooMany('connections', PASSIVE_LIMITS.connectionsPerQuery))
    .default([])
    .transform((v) => [...new Set(v)]),
  minInteractions: wholeNumber(1, 1_000_000, PASSIVE_MSG.minInteractions).default(QUERY_DEFAULTS.minInteractions),
  direction: z.enum(['directed', 'undirected']).default('directed'),
  maxRecipients: wholeNumber(2, 10_000, PASSIVE_MSG.maxRecipients).default(QUERY_DEFAULTS.maxRecipients),
  includeExternal: zFlag().default(false),
  attributes: z
    .array(z.string().min(1).max(100))
    .max(PASSIVE_LIMITS.attributesMax)
    .default([])
    .transform((v) => [...new Set(v)]),
  schedule: z.enum(['manual', 'daily']).default('manual'),
  /** Meetings weighted by their count, or by their hours together. */
  meetingWeight: z.enum(['count', 'hours']).default('count'),
  /** One network (none), or a series of one snapshot per ISO week or calendar month (UTC). */
  snapshotInterval: ZSnapshotInterval.default('none'),
});

type TQueryFields = z.output<typeof ZQueryFields>;
const queryRules = (q: TQueryFields, ctx: z.RefinementCtx) => {
  if (q.types.some((t) => !q.sources.includes(sourceOfType(t))))
    ctx.addIssue({ code: 'custom', path: ['types'], message: PASSIVE_MSG.typeNotOfSource });
  if (q.lastDays !== undefined && (q.from !== undefined || q.to !== undefined))
    ctx.addIssue({ code: 'custom', path: ['lastDays'], message: PASSIVE_MSG.windowBoth });
  if (q.from && q.to && q.from > q.to)
    ctx.addIssue({ code: 'custom', path: ['from'], message: PASSIVE_MSG.windowOrder });
  if (q.includeListIds.some((id) => q.excludeListIds.includes(id)))
    ctx.addIssue({ code: 'custom', path: ['excludeListIds'], message: PASSIVE_MSG.listBoth });
};

/** A query as created: the window is dates, or the last N days, or everything kept. */
export const ZQueryInput = ZQueryFields.superRefine(queryRules);
export type TQueryInput = z.output<typeof ZQueryInput>;
/** A query replaced (PUT queries/{id}): the whole query again. */
export const ZQueryUpdateInput = ZQueryFields.extend({ id: ZId }).superRefine(queryRules);
export const ZQueryIdInput = z.object({ id: ZId });
export const ZQueryRunStarted = z.object({ runId: ZId });

export const ZQueryRun = z.object({
  _id: ZId,
  status: z.enum(RUN_STATUSES),
  progress: z.number(),
  networkId: ZId.nullable(),
  people: z.number().int(),
  ties: z.number().int(),
  error: z.string().nullable(),
  /** The connections the run read (the query's, or every usable one of its sources when it names none). */
  connectionIds: z.array(ZId),
  /** What the run's network may lack (an attribute no person in it holds). */
  warnings: z.array(z.string()),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TQueryRun = z.infer<typeof ZQueryRun>;

/** A query; `runs` newest first (GET queries/{id}: the latest runs; the list: the latest run only). */
export const ZQuery = z.object({
  name: z.string(),
  sources: z.array(z.enum(PASSIVE_SOURCES)),
  types: z.array(z.enum(INTERACTION_TYPES)),
  from: z.string().optional(),
  to: z.string().optional(),
  lastDays: z.number().int().optional(),
  includeListIds: z.array(ZId),
  excludeListIds: z.array(ZId),
  connectionIds: z.array(ZId),
  minInteractions: z.number().int(),
  direction: z.enum(['directed', 'undirected']),
  maxRecipients: z.number().int(),
  includeExternal: z.boolean(),
  attributes: z.array(z.string()),
  schedule: z.enum(['manual', 'daily']),
  meetingWeight: z.enum(['count', 'hours']),
  snapshotInterval: z.enum(SNAPSHOT_INTERVALS),
  _id: ZId,
  ownerId: ZId,
  /** Whether the caller may change or delete it: its creator, or an Owner or Admin of the account. */
  canEdit: z.boolean(),
  networkId: ZId.nullable(),
  /** The series its runs build (snapshotInterval week or month), once a run has made it. */
  seriesId: ZId.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  runs: z.array(ZQueryRun),
});
export type TQuery = z.infer<typeof ZQuery>;

export const ZSlackId = z.string().regex(/^[A-Z0-9]{2,32}$/, 'Slack ids are capital letters and digits');

export const ZSlackConnectInput = z.object({
  name: ZPassiveName,
  token: z
    .string({ error: PASSIVE_MSG.tokenRequired })
    .trim()
    .min(1, PASSIVE_MSG.tokenRequired)
    .max(300, PASSIVE_MSG.tokenShape)
    .regex(/^xox[bp]-[A-Za-z0-9-]+$/, PASSIVE_MSG.tokenShape),
  /** Optional groups: only these channels (ids) and the members of these user groups. */
  channelIds: z.array(ZSlackId).max(1_000).default([]),
  userGroupIds: z.array(ZSlackId).max(1_000).default([]),
});
export type TSlackConnectInput = z.output<typeof ZSlackConnectInput>;

/** Disconnect: the connection's name typed, and what becomes of the networks made from its source's data. */
export const ZDisconnectInput = z.object({
  id: ZId,
  confirm: z.string().max(300).optional(),
  networks: z.enum(['keep', 'delete'], { error: PASSIVE_MSG.disconnectNetworks }),
});
export type TDisconnectInput = z.output<typeof ZDisconnectInput>;
export const ZDisconnected = z.object({ ok: z.literal(true), networksDeleted: z.number().int() });
export type TDisconnected = z.infer<typeof ZDisconnected>;

const ZDomain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .refine((d) => /^(?!-)[a-z0-9-]{1,63}(\.(?!-)[a-z0-9-]{1,63})+$/.test(d), {
    error: (i) => PASSIVE_MSG.domain(String(i.input)),
  });

export const ZPassiveSettings = z.object({
  retentionDays: wholeNumber(1, 3650, PASSIVE_MSG.retention),
  refreshHour: wholeNumber(0, 23, PASSIVE_MSG.refreshHour),
  excludedDomains: z
    .array(ZDomain)
    .max(PASSIVE_LIMITS.excludedMax)
    .transform((v) => [...new Set(v)]),
  excludedAddresses: z
    .array(ZEmail)
    .max(PASSIVE_LIMITS.excludedMax)
    .transform((v) => [...new Set(v)]),
  pseudonymize: zFlag(),
  /** Microsoft People: how many of each person's top people count (issue 23). */
  topPeople: wholeNumber(1, 100, 'Top people must be a whole number from 1 to 100'),
  /** No group report (and no pseudonymized attribute value) shows a group of fewer people than this. */
  minimumGroupSize: wholeNumber(
    PASSIVE_LIMITS.minimumGroupSizeMin,
    PASSIVE_LIMITS.minimumGroupSizeMax,
    PASSIVE_MSG.minimumGroupSize,
  ),
});
export type TPassiveSettings = z.output<typeof ZPassiveSettings>;
/** The settings as answered (an output schema: no transforms, which OpenAPI cannot describe). */
export const ZPassiveSettingsView = z.object({
  retentionDays: z.number().int(),
  refreshHour: z.number().int(),
  excludedDomains: z.array(z.string()),
  excludedAddresses: z.array(z.string()),
  pseudonymize: z.boolean(),
  topPeople: z.number().int(),
  minimumGroupSize: z.number().int(),
});
export const PASSIVE_SETTINGS_DEFAULTS: TPassiveSettings = {
  retentionDays: 180,
  refreshHour: 3,
  excludedDomains: [],
  excludedAddresses: [],
  pseudonymize: false,
  topPeople: 10,
  minimumGroupSize: PASSIVE_LIMITS.minimumGroupSizeDefault,
};

export const ZPassiveList = z.object({
  _id: ZId,
  name: z.string(),
  kind: z.enum(['manual', 'upload', 'slackChannel', 'slackUserGroup']),
  /** For lists kept in sync with a Slack channel or user group: its connection and id. */
  connectionId: ZId.nullable(),
  sourceId: z.string().nullable(),
  members: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TPassiveList = z.infer<typeof ZPassiveList>;

/**
 * A list as created or replaced (PUT): its members one way at most. `emails` and `personIds`
 * (ZPassivePerson `_id`s, how people are picked when pseudonymized) make a manual list; `channelId` or
 * `userGroupId` of a Slack connection make a list kept in sync with that channel or user group. A list
 * created with none is empty; a PUT with none only renames.
 */
const ZPassiveListFields = z.object({
  name: ZPassiveName,
  emails: z
    .array(ZEmail)
    .max(PASSIVE_LIMITS.listMembersMax, PASSIVE_MSG.tooMany('members', PASSIVE_LIMITS.listMembersMax))
    .transform((v) => [...new Set(v)])
    .nullish(),
  personIds: z
    .array(z.string().regex(/^\d{1,18}$/, PASSIVE_MSG.unknownPerson))
    .max(PASSIVE_LIMITS.listMembersMax, PASSIVE_MSG.tooMany('members', PASSIVE_LIMITS.listMembersMax))
    .transform((v) => [...new Set(v)])
    .nullish(),
  connectionId: ZId.nullish(),
  channelId: ZSlackId.nullish(),
  userGroupId: ZSlackId.nullish(),
});
const oneWay = (l: z.output<typeof ZPassiveListFields>, ctx: z.RefinementCtx) => {
  const manual = l.emails != null || l.personIds != null;
  const slack = l.channelId != null || l.userGroupId != null;
  const ways = [manual, l.channelId != null, l.userGroupId != null].filter(Boolean).length;
  if (ways > 1 || slack !== (l.connectionId != null))
    ctx.addIssue({ code: 'custom', path: ['emails'], message: PASSIVE_MSG.listMembersOne });
};
export const ZPassiveListInput = ZPassiveListFields.superRefine(oneWay);
export type TPassiveListInput = z.output<typeof ZPassiveListInput>;
export const ZPassiveListUpdate = ZPassiveListFields.extend({ id: ZId }).superRefine(oneWay);
export type TPassiveListUpdate = z.output<typeof ZPassiveListUpdate>;

/** A list with its members: people found (by name and email, email null when pseudonymized), and addresses not found yet. */
export const ZPassiveListDetail = ZPassiveList.extend({
  people: z.array(
    z.object({
      /** The person's `_id` (ZPassivePerson), null for an address no source has given yet. */
      personId: z.string().nullable(),
      name: z.string().nullable(),
      email: z.string().nullable(),
      found: z.boolean(),
      /** Gone from the source (a deactivated Slack account, a user removed from the directory): kept, marked. */
      deactivated: z.boolean(),
    }),
  ),
});
export type TPassiveListDetail = z.infer<typeof ZPassiveListDetail>;

export const ZPassivePerson = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  title: z.string().nullable(),
  deactivated: z.boolean(),
  external: z.boolean(),
  sources: z.array(z.enum(PASSIVE_SOURCES)),
});
export type TPassivePerson = z.infer<typeof ZPassivePerson>;

export const ZPeoplePage = z.object({ people: z.array(ZPassivePerson), total: z.number().int() });

/** GET people: the numbers arrive as query-string text, hence coerced (as the dashboard's page is). */
export const ZPeopleSearch = z.object({
  search: z.string().max(200).optional(),
  limit: z.coerce
    .number({ error: 'Limit must be from 1 to 200' })
    .int('Limit must be from 1 to 200')
    .min(1, 'Limit must be from 1 to 200')
    .max(PASSIVE_LIMITS.peoplePageMax, 'Limit must be from 1 to 200')
    .default(50),
  offset: z.coerce
    .number({ error: 'Offset must be a whole number' })
    .int('Offset must be a whole number')
    .min(0, 'Offset must be a whole number')
    .max(10_000_000, 'Offset must be a whole number')
    .default(0),
});

/** Interactions per ISO week per source, for the overview chart. */
export const ZWeeklyInteractions = z.array(
  z.object({ week: z.string(), source: z.enum(PASSIVE_SOURCES), count: z.number().int() }),
);

/** A Slack channel or user group a list can follow (GET /passiveData/channels). */
export const ZPassiveChannel = z.object({
  connectionId: ZId,
  connectionName: z.string(),
  id: z.string(),
  name: z.string(),
  kind: z.enum(['channel', 'userGroup']),
  members: z.number().int(),
});
export type TPassiveChannel = z.infer<typeof ZPassiveChannel>;
