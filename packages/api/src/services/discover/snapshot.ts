import { type discoverNetworks, type SQL, sql } from '@tieline/db';
import type { TNetworkData } from '@tieline/graph';
import { thumbnailSvg } from './thumbnail';

// A Discover row's snapshot: what publishing a network and the curated examples both store. The
// document is kept as the JSON text it was read as; counts are the networks list's (every edge of every
// layer); search reads one folded text of name, description and tags (tieline_fold, as name search).

export type DiscoverRow = typeof discoverNetworks.$inferSelect;

export interface TSnapshot {
  name: string;
  description: string;
  tags: string[];
  source?: string;
  data: TNetworkData;
  /** The document as stored, when the caller has it (saves a stringify of a large network). */
  json?: string;
  views?: { name: string; state: string }[];
}

/** The folded search text of a row, as SQL. */
export const searchTextOf = (s: Pick<TSnapshot, 'name' | 'description' | 'tags'>): SQL =>
  sql`tieline_fold(${[s.name, s.description, ...s.tags].join(' ')})`;

/** The columns of a row holding this snapshot (all but its ids). */
export function snapshotColumns(s: TSnapshot) {
  return {
    name: s.name,
    description: s.description,
    tags: s.tags,
    source: s.source ?? '',
    directed: s.data.directed,
    nodeCount: s.data.nodes.length,
    edgeCount: s.data.edges.length,
    data: s.json ?? JSON.stringify(s.data),
    views: s.views ?? [],
    thumbnail: thumbnailSvg(s.data),
    searchText: searchTextOf(s),
    updatedAt: sql`now()`,
  };
}
