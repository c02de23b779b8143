import { type discoverNetworks, type SQL, sql } from '@tieline/db';
import type { TNetworkData } from '@tieline/graph';
import { withoutEmails } from './strip-emails';
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
  document: TDocumentSnapshot;
  views?: { name: string; state: string }[];
}

/** What a row takes from its document: the text without addresses, its counts and its thumbnail. */
export interface TDocumentSnapshot {
  json: string;
  directed: boolean;
  nodeCount: number;
  edgeCount: number;
  thumbnail: string;
}

/**
 * The document's part of a snapshot, addresses removed (withoutEmails); `json`, the document as stored
 * when the caller has it, is kept as it is when it held none (no stringify of a large network).
 */
export function documentSnapshot(data: TNetworkData, json?: string): TDocumentSnapshot {
  const clean = withoutEmails(data);
  return {
    json: clean === data && json !== undefined ? json : JSON.stringify(clean),
    directed: clean.directed,
    nodeCount: clean.nodes.length,
    edgeCount: clean.edges.length,
    thumbnail: thumbnailSvg(clean),
  };
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
    directed: s.document.directed,
    nodeCount: s.document.nodeCount,
    edgeCount: s.document.edgeCount,
    data: s.document.json,
    views: s.views ?? [],
    thumbnail: s.document.thumbnail,
    searchText: searchTextOf(s),
    updatedAt: sql`now()`,
  };
}
