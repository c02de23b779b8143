import type { Db, TStoredMeasures, Tx } from '@tieline/db';
import type { TNetworkData } from '@tieline/graph';
import type { TQueryInput } from '@tieline/validation';
import type { PassiveAccount } from '../../access/passive-data';
import type { SecretBox } from '../../auth/secrets';
import { later } from '../../batching/later';
import { documentOf, type TDocument } from '../../network-store/store-network';
import { addSnapshots, resetSeries } from '../../network-store/store-series';
import { namedPeople, peopleIdsOf, tieDocument } from './query-document';
import type { QueryTie } from './query-network';
import type { Period } from './query-periods';

// A series run (snapshotInterval week or month): the ties of the one grouped statement split by period
// into one document each, the people named once over all of them (one person, one name, every week);
// relations hold in every period. Each document becomes a version of the query's network, the last
// period's its current version, and the query's series is rebuilt to hold them (docs/passive-data.md).

export interface RunSnapshot {
  period: Period;
  document: TDocument;
}

/**
 * One document per period, oldest first (a period without ties gives an empty document), and their
 * measures: each document is handed to `measure` as soon as it is made, so the measuring workers run
 * while the next documents are made.
 */
export async function seriesDocuments(
  db: Db,
  secrets: SecretBox,
  account: PassiveAccount,
  query: TQueryInput,
  ties: readonly QueryTie[],
  periods: readonly Period[],
  measure: (count: number, load: (i: number) => Promise<string>) => Promise<TStoredMeasures[]>,
): Promise<{ snapshots: RunSnapshot[]; measures: TStoredMeasures[]; last: TNetworkData }> {
  const named = await namedPeople(db, secrets, account, peopleIdsOf(ties));
  const byPeriod = new Map<string, QueryTie[]>(periods.map((p) => [p.key, []]));
  const always: QueryTie[] = [];
  for (const t of ties) {
    if (t.period === undefined) always.push(t);
    else byPeriod.get(t.period)?.push(t);
  }
  const made = periods.map(() => later<string>());
  const measuring = measure(periods.length, (i) => made[i]!.promise);
  // Awaited below; a failure while the documents are still being made must not go unhandled meanwhile.
  measuring.catch(() => undefined);
  const snapshots: RunSnapshot[] = [];
  /** The last period's document, read by the run (its empty attributes) without parsing it again. */
  let last: TNetworkData | undefined;
  try {
    for (const [i, period] of periods.entries()) {
      const data = tieDocument(named, account, query, [...byPeriod.get(period.key)!, ...always]);
      last = data;
      const document = documentOf(data);
      snapshots.push({ period, document });
      made[i]!.resolve(document.json);
      // A turn of the event loop between documents: the server keeps answering, and the job its lease.
      await new Promise((resolve) => setImmediate(resolve));
    }
  } catch (error) {
    for (const m of made) m.reject(error);
    throw error;
  }
  return { snapshots, measures: await measuring, last: last! };
}

/** Writes one document as a version of the query's network (the job's writer): the network's id and version. */
export type VersionWriter = (
  tx: Tx,
  target: { networkId: string | null; ownerId: string; name: string; passiveAccountId: string },
  document: TDocument,
) => Promise<{ id: string; dataVersion: number }>;

/**
 * Stores the snapshots inside the run's transaction: the query's series emptied (or made), then each
 * document as the next version of the network, its snapshot row right after it so that version is held
 * (a series keeps more than the networks' kept versions). Answers the network and the series.
 */
export async function storeSeries(
  tx: Tx,
  write: VersionWriter,
  target: {
    networkId: string | null;
    seriesId: string | null;
    ownerId: string;
    name: string;
    passiveAccountId: string;
  },
  snapshots: readonly RunSnapshot[],
  measures: readonly TStoredMeasures[],
): Promise<{ networkId: string; seriesId: string }> {
  const seriesId = await resetSeries(tx, target.seriesId, { ownerId: target.ownerId, name: target.name });
  let networkId = target.networkId;
  for (const [i, s] of snapshots.entries()) {
    const written = await write(tx, { ...target, networkId }, s.document);
    networkId = written.id;
    const { label, from, to } = s.period;
    await addSnapshots(tx, seriesId, i, [
      { networkId, dataVersion: written.dataVersion, label, from, to, measures: measures[i]! },
    ]);
  }
  return { networkId: networkId!, seriesId };
}
