// compareSnapshots (change/compare.ts) with each side's betweenness over worker threads (the all-pairs
// kernel of @tieline/graph/node): the rest of a comparison is cheap beside it.
import { normalized, normalizedBetweenness, tiesDocument } from '../change/betweenness';
import { cachedBetweenness, compareRead, readComparison, type TCompareOptions } from '../change/compare';
import type { TTies } from '../change/snapshot';
import type { TSnapshotComparison } from '../change/types';
import { buildCsr, pathGraph, type TAllocate } from '../metrics';
import type { TNetworkData } from '../model';
import { allPairsParallel, type TParallelOptions } from './parallel';

const shared: TAllocate = (bytes) => new SharedArrayBuffer(bytes);

/**
 * Below this much work (people × arcs) the threads cost more to start than they save: a few
 * milliseconds of BFS run here.
 */
const THREADED_WORK = 5_000_000;

async function betweennessParallel(s: TTies, threads: number | undefined): Promise<Float64Array> {
  if (s.n * s.out.adj.length < THREADED_WORK) return normalizedBetweenness(s);
  const csr = buildCsr(tiesDocument(s), {}, shared);
  const totals = await allPairsParallel(pathGraph(csr, {}, shared), { threads });
  return normalized(totals.betweenness);
}

export async function compareSnapshotsParallel(
  baseData: TNetworkData,
  otherData: TNetworkData,
  options: TCompareOptions = {},
  parallel: Pick<TParallelOptions, 'threads'> = {},
): Promise<TSnapshotComparison> {
  const reading = readComparison(baseData, otherData, options);
  const side = async (s: 'base' | 'other') =>
    cachedBetweenness(reading, s, options.betweenness?.[s]) ??
    (await betweennessParallel(reading[s], parallel.threads));
  const base = await side('base');
  const other = await side('other');
  return compareRead(reading, { base, other }, options.permutations ?? 1000);
}
