import { date, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns';
import { networks } from './networks';
import { users } from './users';

/**
 * A series (issue 34): an ordered list of snapshots, each a network version. Made by hand from networks
 * its owner can see, or by a passive query with a snapshot interval (passive_queries.series_id names
 * it; each run rebuilds it). The versions it holds are kept beyond the networks' kept window
 * (network-store/store-network.ts).
 */
export const series = pgTable(
  'series',
  {
    id: id(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    createdAt: createdAt(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [index('series_owner_idx').on(t.ownerId)],
);

/** A snapshot's measures as stored (validation's TSnapshotMeasures): a version never changes, so neither do they. */
export interface TStoredMeasures {
  people: number;
  ties: number;
  density: number;
  meanDegree: number;
  reciprocity: number | null;
  transitivity: number;
  modularity: number;
}

/**
 * One snapshot of a series at `position` (0, 1, ...): the network version, its label, the period it
 * covers (dates, both inclusive; null for hand-made series), and its measures computed once when it was
 * added. A deleted network takes its snapshots with it.
 */
export const seriesSnapshots = pgTable(
  'series_snapshots',
  {
    seriesId: uuid()
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    networkId: uuid()
      .notNull()
      .references(() => networks.id, { onDelete: 'cascade' }),
    dataVersion: integer().notNull(),
    label: text().notNull(),
    from: date({ mode: 'string' }),
    to: date({ mode: 'string' }),
    measures: jsonb().$type<TStoredMeasures>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.position] }),
    index('series_snapshots_network_idx').on(t.networkId, t.dataVersion),
  ],
);
