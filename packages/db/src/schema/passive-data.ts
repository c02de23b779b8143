import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns';
import { networks } from './networks';
import { organizations } from './organizations';
import { series } from './series';
import { users } from './users';

// Passive data: collaboration metadata (who interacted with whom, when, how, where; never content)
// of an account, an organization or an individual user as with credits. Every row hangs off the
// account's `passive_accounts` row, which also holds its settings; deleting the organization or user
// deletes it all. See docs/passive-data.md.

export const passiveAccounts = pgTable(
  'passive_accounts',
  {
    id: id(),
    organizationId: uuid().references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    retentionDays: integer().notNull().default(180),
    refreshHour: smallint().notNull().default(3),
    excludedDomains: jsonb().$type<string[]>().notNull().default([]),
    excludedAddresses: jsonb().$type<string[]>().notNull().default([]),
    pseudonymize: boolean().notNull().default(false),
    topPeople: smallint().notNull().default(10),
    /** Group reports and pseudonymized attributes never show a group of fewer people than this (>= 3). */
    minimumGroupSize: smallint().notNull().default(5),
    /** The key of the people's HMAC under pseudonymization, sealed with SECRET_KEY. */
    hmacKey: text().notNull(),
    /**
     * The conversion pseudonymization switched on starts (the passive-pseudonymize job): null before any,
     * then queued, running, done or failed, with its progress (0..1) for the settings page's bar.
     */
    pseudonymizeStatus: text().$type<'queued' | 'running' | 'done' | 'failed'>(),
    pseudonymizeProgress: real().notNull().default(0),
    pseudonymizeError: text(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    check('passive_accounts_one_account', sql`(${t.organizationId} is null) <> (${t.userId} is null)`),
    check('passive_accounts_minimum_group_size', sql`${t.minimumGroupSize} >= 3`),
    uniqueIndex('passive_accounts_org_idx').on(t.organizationId),
    uniqueIndex('passive_accounts_user_idx').on(t.userId),
  ],
);

const account = () =>
  uuid()
    .notNull()
    .references(() => passiveAccounts.id, { onDelete: 'cascade' });

/** One source of an account: an uploaded Slack export, a Slack app's token, a Microsoft tenant. */
export const passiveConnections = pgTable(
  'passive_connections',
  {
    id: id(),
    accountId: account(),
    source: text().$type<'slack' | 'office365'>().notNull(),
    method: text().$type<'export' | 'api'>().notNull(),
    name: text().notNull(),
    status: text().$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    /** 0..1 of the current sync. */
    progress: real().notNull().default(0),
    /** Microsoft 365: 0..1 of the current sync per source collected (office365Email: 0.4, ...). */
    sourceProgress: jsonb().$type<Record<string, number>>().notNull().default({}),
    peopleCount: integer().notNull().default(0),
    interactionCount: bigint({ mode: 'number' }).notNull().default(0),
    /** Interactions the current sync skipped as dated outside [now - retention, now + 1 day]. */
    skippedCount: integer().notNull().default(0),
    lastSync: at(),
    /** When the daily refresh is next due (API connections); claimed atomically by one server. */
    nextSyncAt: at(),
    error: text(),
    /** The workspace or tenant id the source reported, so a second connection to it is recognized. */
    externalId: text(),
    /** Source options: optional groups (channel and user group ids), sources wanted, ... */
    options: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** The token or client secret, sealed with SECRET_KEY; never sent to a browser. */
    secret: text(),
    /** Storage key of an uploaded export waiting to be imported (deleted once imported). */
    uploadKey: text(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('passive_connections_account_idx').on(t.accountId)],
);

/**
 * People of an account, one per person whatever the sources: keyed by their lower-cased email, or its
 * keyed HMAC under pseudonymization, or `<source>:<id>` when the source gave no email.
 */
export const passivePeople = pgTable(
  'passive_people',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: account(),
    key: text().notNull(),
    name: text().notNull(),
    email: text(),
    title: text(),
    attributes: jsonb().$type<Record<string, string>>().notNull().default({}),
    deactivated: boolean().notNull().default(false),
    external: boolean().notNull().default(false),
    sources: jsonb().$type<string[]>().notNull().default([]),
  },
  (t) => [uniqueIndex('passive_people_key_idx').on(t.accountId, t.key)],
);

/** A source's own id of a person (Slack user id, Entra object id) -> the person. */
export const passiveIdentities = pgTable(
  'passive_identities',
  {
    connectionId: uuid()
      .notNull()
      .references(() => passiveConnections.id, { onDelete: 'cascade' }),
    externalId: text().notNull(),
    personId: bigint({ mode: 'number' })
      .notNull()
      .references(() => passivePeople.id, { onDelete: 'cascade' }),
    /**
     * The profile fields this connection last gave the person (the person's `attributes` merge those of
     * every connection): renaming a connection's field renames only what it gave.
     */
    attributes: jsonb().$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.externalId] }),
    index('passive_identities_person_idx').on(t.personId),
  ],
);

/** Conversations of a connection (channels, DMs, mailboxes): members, and the sync cursor. */
export const passiveConversations = pgTable(
  'passive_conversations',
  {
    connectionId: uuid()
      .notNull()
      .references(() => passiveConnections.id, { onDelete: 'cascade' }),
    externalId: text().notNull(),
    name: text().notNull().default(''),
    /** 'usergroup': a Slack user group (members only, no history), for optional groups and lists. */
    kind: text().$type<'channel' | 'private' | 'im' | 'mpim' | 'mailbox' | 'chat' | 'team' | 'usergroup'>().notNull(),
    /** Person ids of the members (DM recipients, channel lists). */
    members: jsonb().$type<number[]>().notNull().default([]),
    /** The newest message already stored (Slack ts, Graph delta link): where the next sync starts. */
    cursor: text(),
    archived: boolean().notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.externalId] })],
);

/**
 * Interactions: partitioned by month on `at` (the migration declares PARTITION BY RANGE; partitions
 * are made as months arrive, see connectors/store/partitions.ts in the api). No primary key: a message's interactions are
 * replaced together by (connection, conversation, message key), which is what makes imports
 * idempotent. Person ids, not names or emails; no content.
 */
export const passiveInteractions = pgTable(
  'passive_interactions',
  {
    accountId: uuid().notNull(),
    connectionId: uuid().notNull(),
    at: at().notNull(),
    type: text().notNull(),
    fromId: bigint({ mode: 'number' }).notNull(),
    toId: bigint({ mode: 'number' }).notNull(),
    conversation: text().notNull(),
    messageKey: text().notNull(),
    /** Recipients of the message (a group DM's other members, an email's to+cc+bcc): maxRecipients. */
    recipients: integer().notNull().default(1),
    weight: real().notNull().default(1),
  },
  (t) => [
    index('passive_interactions_account_idx').on(t.accountId, t.at),
    index('passive_interactions_message_idx').on(t.connectionId, t.conversation, t.messageKey),
  ],
);

export const passiveLists = pgTable(
  'passive_lists',
  {
    id: id(),
    accountId: account(),
    name: text().notNull(),
    kind: text().$type<'manual' | 'upload' | 'slackChannel' | 'slackUserGroup'>().notNull(),
    connectionId: uuid().references(() => passiveConnections.id, { onDelete: 'cascade' }),
    sourceId: text(),
    /**
     * The members' generation in force (passive_list_members.generation): new members are written under a
     * new one in short statements, then the list flips to it in one small update (lists-write.ts), so a
     * large upload never holds a long transaction; other generations are left-overs, deleted after.
     */
    generation: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [index('passive_lists_account_idx').on(t.accountId)],
);

/**
 * Members of a list by person key (lower-cased email, or its HMAC under pseudonymization); only the rows
 * of the list's `generation` are its members.
 */
export const passiveListMembers = pgTable(
  'passive_list_members',
  {
    listId: uuid()
      .notNull()
      .references(() => passiveLists.id, { onDelete: 'cascade' }),
    generation: integer().notNull().default(0),
    key: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.generation, t.key] })],
);

export const passiveQueries = pgTable(
  'passive_queries',
  {
    id: id(),
    accountId: account(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** The query as validated (ZQueryInput's output). */
    definition: jsonb().$type<Record<string, unknown>>().notNull(),
    /** The network its runs write (a new version per run). */
    networkId: uuid().references(() => networks.id, { onDelete: 'set null' }),
    /** The series its runs build (snapshotInterval week or month): versions of `networkId`, rebuilt by each run. */
    seriesId: uuid().references(() => series.id, { onDelete: 'set null' }),
    /** Daily queries: when the next run is due; claimed atomically by one server. */
    nextRunAt: at(),
    createdAt: createdAt(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [index('passive_queries_account_idx').on(t.accountId)],
);

export const passiveQueryRuns = pgTable(
  'passive_query_runs',
  {
    id: id(),
    queryId: uuid()
      .notNull()
      .references(() => passiveQueries.id, { onDelete: 'cascade' }),
    status: text().$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    progress: real().notNull().default(0),
    people: integer().notNull().default(0),
    ties: integer().notNull().default(0),
    networkId: uuid().references(() => networks.id, { onDelete: 'set null' }),
    error: text(),
    /** The connections the run read (the query's choice, or every usable one of its sources). */
    connectionIds: jsonb().$type<string[]>().notNull().default([]),
    /** What the run's network may lack, said to the user (an attribute no person in it holds). */
    warnings: jsonb().$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    finishedAt: at(),
  },
  (t) => [
    index('passive_query_runs_query_idx').on(t.queryId, t.createdAt),
    // One run at a time per query: queueing a second one conflicts here (two clicks, two servers).
    uniqueIndex('passive_query_runs_active_idx').on(t.queryId).where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/**
 * The people sets of the group reports an account ran (docs/passive-data.md "Group reports"): a report
 * whose people differ from an earlier one of the same signature (resolved window, types, attribute) by
 * fewer than the minimum group size is refused, so two reports cannot be subtracted to isolate a small
 * group. Person ids only (sorted), a bounded number per signature.
 */
export const passiveReports = pgTable(
  'passive_reports',
  {
    id: id(),
    accountId: account(),
    signature: text().notNull(),
    people: bigint({ mode: 'number' }).array().notNull(),
    peopleCount: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('passive_reports_signature_idx').on(t.accountId, t.signature, t.createdAt)],
);
