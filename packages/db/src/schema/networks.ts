import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, real, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns';
import { surveys } from './surveys';
import { userLogins, users } from './users';

/** Where a copy from Discover came from: the first publication in its chain (see networks.discoverOrigin). */
export interface TDiscoverOrigin {
  /** The Discover row's id (gone once unpublished; the name and owner stay). */
  id: string;
  name: string;
  /** Who published it (their name), or 'Tieline' for a curated example. */
  owner: string;
  /** A curated example's citation; '' for users' networks. */
  source: string;
  tags: string[];
}

/**
 * Networks. The row carries what the list shows (counts, layers) and the current version; the network
 * itself is one document per data version in `network_versions` (metrics are cached per data
 * version). `version` is the optimistic concurrency counter: every change, a rename included, writes
 * version + 1 and fails when another change got there first.
 */
export const networks = pgTable(
  'networks',
  {
    id: id(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    directed: boolean().notNull(),
    version: integer().notNull().default(1),
    /** The current document in network_versions; bumped only when the network itself changes. */
    dataVersion: integer().notNull().default(1),
    nodeCount: integer().notNull().default(0),
    edgeCount: integer().notNull().default(0),
    layers: jsonb().$type<string[]>().notNull().default([]),
    /** Made from this survey's answers and refreshed from it; null for uploads and combinations. */
    surveyId: uuid().references(() => surveys.id, { onDelete: 'set null' }),
    /** When the network was last built from (or checked against) its survey's answers. */
    surveyChangedAt: at(),
    /**
     * The passive-data account whose people this network holds: made by one of its queries, or derived
     * from such a network (copies, combinations, analyses, Discover copies). Sticky: every rule on passive
     * data follows it (no foreign key, so it outlives a deleted account). Null for surveys and uploads.
     */
    passiveAccountId: uuid(),
    /**
     * Made from a network the owner held only through a share (a copy, a combination or an analysis of
     * one, or of such a copy). Sticky like passiveAccountId: such a network is never published to Discover.
     */
    copiedFromShare: boolean().notNull().default(false),
    /**
     * The Discover publication this network was copied from (directly or through copies), kept so that a
     * republished copy still names the original and keeps its tags; null for networks not from Discover.
     */
    discoverOrigin: jsonb().$type<TDiscoverOrigin>(),
    createdAt: createdAt(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    index('networks_owner_idx').on(t.ownerId),
    index('networks_survey_idx').on(t.surveyId),
    index('networks_passive_account_idx').on(t.passiveAccountId).where(sql`${t.passiveAccountId} is not null`),
  ],
);

/**
 * One version of a network: @tieline/graph's TNetworkData as JSON text (TOAST compresses it; jsonb
 * would cost a parse on every write and triple the size of a large edge list for nothing queried
 * inside it). The last NETWORK_MANAGE_LIMITS.versionsKept versions are kept.
 */
export const networkVersions = pgTable(
  'network_versions',
  {
    networkId: uuid()
      .notNull()
      .references(() => networks.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    data: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.networkId, t.version] })],
);

/**
 * Metrics computed from one version with one set of options (`options` is their canonical JSON): the
 * cache, and the progress of the job computing them. A row is claimed by one job; others wait on it.
 */
export const networkMetrics = pgTable(
  'network_metrics',
  {
    networkId: uuid()
      .notNull()
      .references(() => networks.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    options: text().notNull(),
    /** queued | running | done | failed */
    state: text().notNull().default('queued'),
    progress: real().notNull().default(0),
    result: text(),
    error: text(),
    createdAt: createdAt(),
    finishedAt: at(),
  },
  (t) => [primaryKey({ columns: [t.networkId, t.version, t.options] })],
);

/** A person (login) a network is shared with, and what they may do: View or Edit. */
export const networkShares = pgTable(
  'network_shares',
  {
    networkId: uuid()
      .notNull()
      .references(() => networks.id, { onDelete: 'cascade' }),
    userLoginId: uuid()
      .notNull()
      .references(() => userLogins.id, { onDelete: 'cascade' }),
    permission: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.networkId, t.userLoginId] }), index('network_shares_login_idx').on(t.userLoginId)],
);

/**
 * A saved view of a network (the explorer's layout, encoding, filters, camera and layers), shared with
 * whoever may see the network. `state` is the explorer's own JSON (opaque here, size-limited); `version`
 * guards against two tabs saving over each other.
 */
export const networkViews = pgTable(
  'network_views',
  {
    id: id(),
    networkId: uuid()
      .notNull()
      .references(() => networks.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    state: text().notNull(),
    version: integer().notNull().default(1),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [index('network_views_network_idx').on(t.networkId, t.createdAt)],
);
