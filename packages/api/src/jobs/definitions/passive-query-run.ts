import { eq, networks } from '@tieline/db';
import { NETWORK_MANAGE_LIMITS } from '@tieline/validation';
import { insertNetwork, saveVersion } from '../../network-store/store-network';
import { runStatus } from '../../services/passive-data/queries-schedule';
import { executeRun, failRun, type NetworkWriter, type SnapshotMeasurer } from '../../services/passive-data/query-run';
import { measureDocuments } from '../../services/series/snapshot-measures';
import { slotAccount } from '../../workers/fair-slots';
import { defineJob } from '../define';
import { JOB_PAYLOADS } from '../payloads';

/**
 * The query's network as the networks feature stores any network: a new version of the one it wrote
 * before, or, the first time or when its owner deleted it, a new network of the query's owner.
 */
const writeNetwork: NetworkWriter = async (tx, target, document) => {
  const [network] = target.networkId ? await tx.select().from(networks).where(eq(networks.id, target.networkId)) : [];
  if (network) {
    return await saveVersion(tx, network.id, network.version, document, { passiveAccountId: target.passiveAccountId });
  }
  const made = await insertNetwork(tx, {
    ownerId: target.ownerId,
    name: target.name.slice(0, NETWORK_MANAGE_LIMITS.nameMax),
    description: `Made from the passive data query ${target.name}`.slice(0, NETWORK_MANAGE_LIMITS.descriptionMax),
    document,
    passiveAccountId: target.passiveAccountId,
  });
  return made;
};

/**
 * Runs one passive-data query (services/passive-data/query-run.ts). A throw retries with the queue's
 * backoff (the run stays running meanwhile, and starts over: it writes nothing until it stores the
 * network); when the job fails for good the run shows failed (with where it died, for a death).
 */
export const passiveQueryRunJob = defineJob({
  kind: 'passive-query-run',
  schema: JOB_PAYLOADS['passive-query-run'],
  title: 'the query',
  run: (deps, { runId }) => {
    // A series' snapshots are measured in one of the server's analysis slots when large (issue 36).
    const measure: SnapshotMeasurer = (owner, count, load) =>
      measureDocuments(
        deps,
        { account: slotAccount(owner), user: owner.userId, label: 'seriesMeasures' },
        count,
        load,
        { threads: deps.env.METRICS_THREADS },
      );
    return executeRun(deps.db, deps.secrets, { write: writeNetwork, measure }, runId);
  },
  onGiveUp: (deps, { runId }, end) =>
    end.died ? runStatus.failed(deps.db, runId, end.message) : failRun(deps.db, runId),
});
