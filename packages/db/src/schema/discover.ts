import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns';
import { networks, type TDiscoverOrigin } from './networks';
import { users } from './users';

/**
 * A network published to Discover: a read-only snapshot of one version (`data`, TNetworkData as JSON
 * text, and the saved views of the network at publish time), with its description and tags. `id` is the
 * published network's id, so `discover/{id}` and `networks/{id}/publish` name the same thing; curated
 * examples shipped by Tieline have no network and no owner. Republishing replaces the snapshot;
 * unpublishing (or deleting the network) removes the row.
 */
export const discoverNetworks = pgTable(
  'discover_networks',
  {
    id: uuid().primaryKey(),
    networkId: uuid()
      .unique()
      .references(() => networks.id, { onDelete: 'cascade' }),
    ownerId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    tags: jsonb().$type<string[]>().notNull().default([]),
    /** Where a curated example comes from (a citation); '' for users' networks. */
    source: text().notNull().default(''),
    directed: boolean().notNull(),
    nodeCount: integer().notNull(),
    edgeCount: integer().notNull(),
    data: text().notNull(),
    /** Saved views of the network when it was published: [{ name, state }]. */
    views: jsonb().$type<{ name: string; state: string }[]>().notNull().default([]),
    /**
     * The passive-data account whose people the snapshot holds (networks.passiveAccountId when
     * published); a copy taken from Discover keeps it.
     */
    passiveAccountId: uuid(),
    /** The original publication a republished copy came from ("from <name>"); null for originals. */
    origin: jsonb().$type<TDiscoverOrigin>(),
    /** A small SVG picture of the network for the gallery card. */
    thumbnail: text().notNull().default(''),
    /** Lower-cased name, description and tags for search. */
    searchText: text().notNull().default(''),
    createdAt: createdAt(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    index('discover_networks_owner_idx').on(t.ownerId).where(sql`${t.ownerId} is not null`),
    index('discover_networks_updated_idx').on(t.updatedAt),
  ],
);
