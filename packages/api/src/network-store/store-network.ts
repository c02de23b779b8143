import {
  and,
  type Db,
  eq,
  lt,
  networkMetrics,
  networks,
  networkVersions,
  seriesSnapshots,
  sql,
  type TDiscoverOrigin,
  type Tx,
} from '@tieline/db';
import type { TNetworkData } from '@tieline/graph';
import { NETWORK_MANAGE_LIMITS, NETWORK_MSG } from '@tieline/validation';
import type { NetworkRow } from '../access/networks';
import { AppError } from '../errors';

// Writing network documents: a new network at version 1, or a new version of one. The row and its
// version document change in one transaction, under the version check, so two servers or two tabs
// never interleave a change: the later one gets 409 and reloads.

/** A document ready to store: its JSON text and what the list shows of it. */
export interface TDocument {
  json: string;
  counts: { nodeCount: number; edgeCount: number; layers: string[]; directed: boolean };
}

export const documentOf = (data: TNetworkData): TDocument => ({
  json: JSON.stringify(data),
  counts: { nodeCount: data.nodes.length, edgeCount: data.edges.length, layers: data.layers, directed: data.directed },
});

export interface NewNetwork {
  ownerId: string;
  name: string;
  description?: string;
  document: TDocument;
  surveyId?: string | null;
  surveyChangedAt?: Date | null;
  /** The passive-data account whose people the network holds (see the networks schema). */
  passiveAccountId?: string | null;
  /** Made from a network held through a share (never published; see the networks schema). */
  copiedFromShare?: boolean;
  /** The Discover publication it was copied from, first of its chain. */
  discoverOrigin?: TDiscoverOrigin | null;
}

export async function insertNetwork(db: Db | Tx, input: NewNetwork): Promise<NetworkRow> {
  return await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(networks)
      .values({
        ownerId: input.ownerId,
        name: input.name,
        description: input.description ?? '',
        surveyId: input.surveyId ?? null,
        surveyChangedAt: input.surveyChangedAt ?? null,
        passiveAccountId: input.passiveAccountId ?? null,
        copiedFromShare: input.copiedFromShare ?? false,
        discoverOrigin: input.discoverOrigin ?? null,
        ...input.document.counts,
      })
      .returning();
    await tx.insert(networkVersions).values({ networkId: row!.id, version: 1, data: input.document.json });
    return row!;
  });
}

/**
 * Writes a change to a network that is still at `based` (409 otherwise): row fields, and with a
 * document a new data version. Documents older than the kept window go, with their metrics.
 */
export async function saveVersion(
  db: Db | Tx,
  networkId: string,
  based: number,
  document: TDocument | null,
  fields: Partial<Pick<NetworkRow, 'name' | 'description' | 'surveyChangedAt' | 'passiveAccountId'>> = {},
): Promise<NetworkRow> {
  return await db.transaction(async (tx) => {
    const [row] = await tx
      .update(networks)
      .set({
        ...fields,
        ...(document ? { ...document.counts, dataVersion: sql`${networks.dataVersion} + 1` } : {}),
        version: based + 1,
        updatedAt: sql`now()`,
      })
      .where(and(eq(networks.id, networkId), eq(networks.version, based)))
      .returning();
    if (!row) throw new AppError('CONFLICT', NETWORK_MSG.stale);
    if (!document) return row;
    await tx.insert(networkVersions).values({ networkId, version: row.dataVersion, data: document.json });
    await pruneVersions(tx, networkId, row.dataVersion);
    return row;
  });
}

/**
 * Drops the network's documents older than the kept window (and their cached metrics), except those a
 * series holds: a series keeps all its snapshots.
 */
export async function pruneVersions(db: Db | Tx, networkId: string, current: number): Promise<void> {
  const oldest = current - NETWORK_MANAGE_LIMITS.versionsKept + 1;
  const gone = (v: typeof networkVersions.version | typeof networkMetrics.version) =>
    and(
      lt(v, oldest),
      sql`not exists (select 1 from ${seriesSnapshots} s where s.network_id = ${networkId}::uuid and s.data_version = ${v})`,
    );
  await db.delete(networkVersions).where(and(eq(networkVersions.networkId, networkId), gone(networkVersions.version)));
  await db.delete(networkMetrics).where(and(eq(networkMetrics.networkId, networkId), gone(networkMetrics.version)));
}

/** A kept version's document as stored (JSON text); null when that version is not kept. */
export async function versionText(db: Db | Tx, networkId: string, version: number): Promise<string | null> {
  const [found] = await db
    .select({ data: networkVersions.data })
    .from(networkVersions)
    .where(and(eq(networkVersions.networkId, networkId), eq(networkVersions.version, version)));
  return found?.data ?? null;
}

/** The network's current document as stored (JSON text). */
export async function documentText(db: Db | Tx, row: NetworkRow): Promise<string> {
  const [found] = await db
    .select({ data: networkVersions.data })
    .from(networkVersions)
    .where(and(eq(networkVersions.networkId, row.id), eq(networkVersions.version, row.dataVersion)));
  if (!found) throw new AppError('CONFLICT', NETWORK_MSG.stale);
  return found.data;
}

/** The network's current document. */
export async function readDocument(db: Db | Tx, row: NetworkRow): Promise<TNetworkData> {
  return JSON.parse(await documentText(db, row)) as TNetworkData;
}
