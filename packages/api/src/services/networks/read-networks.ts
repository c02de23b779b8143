import { asc, type Db, desc, eq, networkShares, networks, sql, userLogins, users } from '@tieline/db';
import type { TNetworkData } from '@tieline/graph';
import { NETWORK_MSG, type TNetworkAccess, type TNetworkListInput, type TNetworkSummary } from '@tieline/validation';
import { accessOf, type NetworkRow, requireNetwork, shareJoin, visibleNetworks } from '../../access/networks';
import { seriesRefsOf } from '../../access/series';
import type { Actor, SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { documentText, versionText } from '../../network-store/store-network';

const SORT_COLUMNS = {
  name: sql`lower(${networks.name})`,
  updatedAt: sql`${networks.updatedAt}`,
};

/** The wire shape of a network row. */
export function networkWire(
  row: NetworkRow,
  owner: { id: string; name: string; email: string },
  access: TNetworkAccess,
  surveyPending = false,
  series: TNetworkSummary['series'] = [],
): TNetworkSummary {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    directed: row.directed,
    owner: { _id: owner.id, name: owner.name, email: owner.email },
    access,
    version: row.version,
    dataVersion: row.dataVersion,
    nodeCount: row.nodeCount,
    edgeCount: row.edgeCount,
    layers: row.layers,
    surveyId: row.surveyId,
    surveyRefreshedAt: row.surveyId ? (row.surveyChangedAt ?? row.updatedAt).toISOString() : null,
    surveyPending: row.surveyId !== null && surveyPending,
    passive: row.passiveAccountId !== null,
    copiedFromShare: row.copiedFromShare,
    series,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A survey network waits for new answers while the refresh a submission queued has not run
 * (jobs/definitions/survey-networks-refresh.ts, kind 'survey-networks-refresh').
 */
const surveyPendingSql = sql<boolean>`exists (select 1 from jobs where jobs.kind = 'survey-networks-refresh'
  and jobs.state in ('queued', 'running') and jobs.payload->>'surveyId' = ${networks.surveyId}::text)`;

async function isSurveyPending(db: Db, row: NetworkRow) {
  if (!row.surveyId) return false;
  const [hit] = await db.select({ pending: surveyPendingSql }).from(networks).where(eq(networks.id, row.id));
  return hit?.pending === true;
}

function withOwner() {
  return {
    network: networks,
    surveyPending: surveyPendingSql,
    permission: networkShares.permission,
    ownerName: userLogins.name,
    ownerEmail: userLogins.email,
  };
}

/** GET /api/base/networks: the networks the caller owns or was given, with counts, owner and access. */
export async function listNetworks(
  deps: Deps,
  caller: SignedInCaller,
  input: TNetworkListInput,
): Promise<TNetworkSummary[]> {
  const order = input.sortDirection === 'asc' ? asc : desc;
  const series = await seriesRefsOf(deps.db, caller.actor, null);
  const rows = await deps.db
    .select(withOwner())
    .from(networks)
    .leftJoin(networkShares, shareJoin(caller.actor))
    .innerJoin(users, eq(users.id, networks.ownerId))
    .innerJoin(userLogins, eq(userLogins.id, users.userLoginId))
    .where(visibleNetworks(caller.actor))
    .orderBy(order(SORT_COLUMNS[input.sortBy]), order(networks.id));
  return rows.map((r) =>
    networkWire(
      r.network,
      { id: r.network.ownerId, name: r.ownerName, email: r.ownerEmail },
      accessOf(caller.actor, r.network, r.permission),
      r.surveyPending === true,
      series.get(r.network.id),
    ),
  );
}

/**
 * One network's summary, for the caller that may see it; with `actor`, the series of it they can see
 * (a network made just now is in none).
 */
export async function summaryOf(
  deps: Deps,
  row: NetworkRow,
  access: TNetworkAccess,
  actor?: Actor,
): Promise<TNetworkSummary> {
  const [[owner], pending, series] = await Promise.all([
    deps.db
      .select({ name: userLogins.name, email: userLogins.email })
      .from(users)
      .innerJoin(userLogins, eq(userLogins.id, users.userLoginId))
      .where(eq(users.id, row.ownerId)),
    isSurveyPending(deps.db, row),
    actor ? seriesRefsOf(deps.db, actor, [row.id]) : new Map<string, TNetworkSummary['series']>(),
  ]);
  const who = { id: row.ownerId, name: owner?.name ?? '', email: owner?.email ?? '' };
  return networkWire(row, who, access, pending, series.get(row.id));
}

export async function getNetwork(deps: Deps, caller: SignedInCaller, input: { id: string }) {
  const { network, access } = await requireNetwork(deps.db, caller.actor, input.id, 'view');
  return await summaryOf(deps, network, access, caller.actor);
}

/** The network and its current document (the explorer's load), or a kept version's (a series' step). */
export async function networkData(
  deps: Deps,
  caller: SignedInCaller,
  input: { id: string; version?: number | undefined },
): Promise<{ network: TNetworkSummary; data: TNetworkData }> {
  const { network, json } = await networkDataText(deps, caller, input);
  return { network, data: JSON.parse(json) as TNetworkData };
}

/**
 * networkData with the document as stored (JSON text): GET /networks/{id}/data sends it as it is, since
 * reading 500,000 ties and writing them again would hold the server's thread for seconds.
 */
export async function networkDataText(
  deps: Deps,
  caller: SignedInCaller,
  input: { id: string; version?: number | undefined },
): Promise<{ network: TNetworkSummary; json: string }> {
  const { network, access } = await requireNetwork(deps.db, caller.actor, input.id, 'view');
  const version = input.version ?? network.dataVersion;
  const [summary, json] = await Promise.all([
    summaryOf(deps, network, access, caller.actor),
    version === network.dataVersion ? documentText(deps.db, network) : versionText(deps.db, network.id, version),
  ]);
  if (json === null) throw new AppError('NOT_FOUND', NETWORK_MSG.versionGone);
  return { network: summary, json };
}
