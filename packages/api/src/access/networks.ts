import {
  and,
  type Db,
  eq,
  isNotNull,
  networkShares,
  networks,
  or,
  passiveAccounts,
  type SQL,
  type TDiscoverOrigin,
  type Tx,
} from '@tieline/db';
import { moduleOffMessage, NETWORK_MSG, PASSIVE_MSG, type TNetworkAccess } from '@tieline/validation';
import type { Actor } from '../auth/actor';
import { AppError } from '../errors';
import { seesPeopleOf } from './passive-data';

// Who may do what with a network, in one place for every call that reaches a network by id: its owner
// (everything), people it is shared with (View: read, measure, export, copy; Edit: also change it).
// Anyone else gets 404, never 403, so ids of other people's networks reveal nothing. A network shared
// with someone stays theirs to open whatever their modules; their own networks need the networks module
// (the procedures that reach a network by id defer the module to here: trpc.ts byShare).
//
// A network holding passive data (passiveAccountId set: a query's network, or anything derived from one)
// is opened only by people who see that account's people (seesPeopleOf): its owner or a share holder
// without person-level access gets 403 with the reason (they know it exists; anyone else still gets
// 404). Only deleting it stays open to its owner, so a member who lost the grant can still remove it.

export type NetworkRow = typeof networks.$inferSelect;
export type NetworkNeed = 'view' | 'edit' | 'owner' | 'delete';

/** The actor's share of the network in the query (left join): null when it is not shared with them. */
export const shareJoin = (actor: Actor) =>
  and(eq(networkShares.networkId, networks.id), eq(networkShares.userLoginId, actor.userLoginId));

/** The condition, with `shareJoin` joined, selecting what the actor may see. */
export const visibleNetworks = (actor: Actor): SQL =>
  or(eq(networks.ownerId, actor.userId), isNotNull(networkShares.permission)) as SQL;

/** What the actor may do with a row they can see. */
export function accessOf(actor: Actor, row: NetworkRow, sharePermission: string | null): TNetworkAccess {
  if (row.ownerId === actor.userId) return 'Owner';
  return sharePermission === 'Edit' ? 'Edit' : 'View';
}

const ALLOWED: Record<NetworkNeed, readonly TNetworkAccess[]> = {
  view: ['Owner', 'Edit', 'View'],
  edit: ['Owner', 'Edit'],
  owner: ['Owner'],
  delete: ['Owner'],
};

/**
 * The network row and the actor's access, when the actor may see it (404 otherwise) and do what
 * `need` says (403 with the reason when they can see it but not do it).
 */
export async function requireNetwork(
  db: Db | Tx,
  actor: Actor,
  id: string,
  need: NetworkNeed,
): Promise<{ network: NetworkRow; access: TNetworkAccess }> {
  const [row] = await db
    .select({
      network: networks,
      permission: networkShares.permission,
      // drizzle nullifies a left-joined object by its FIRST field: the id, never null when the row joined
      // (an individual's account has a null organizationId, which first would lose the whole account).
      account: {
        id: passiveAccounts.id,
        organizationId: passiveAccounts.organizationId,
        userId: passiveAccounts.userId,
      },
    })
    .from(networks)
    .leftJoin(networkShares, shareJoin(actor))
    .leftJoin(passiveAccounts, eq(passiveAccounts.id, networks.passiveAccountId))
    .where(eq(networks.id, id));
  if (!row) throw new AppError('NOT_FOUND', NETWORK_MSG.notFound);
  const own = row.network.ownerId === actor.userId;
  if (!own && row.permission === null) throw new AppError('NOT_FOUND', NETWORK_MSG.notFound);
  if (own && !actor.modules.networks.enabled) throw new AppError('FORBIDDEN', moduleOffMessage('networks'));
  const access = accessOf(actor, row.network, row.permission);
  if (!ALLOWED[need].includes(access)) {
    throw new AppError(
      'FORBIDDEN',
      need === 'owner' || need === 'delete' ? NETWORK_MSG.notOwner : NETWORK_MSG.readOnly,
    );
  }
  if (row.network.passiveAccountId !== null && need !== 'delete' && !seesPeopleOf(actor, row.account)) {
    throw new AppError('FORBIDDEN', PASSIVE_MSG.networkPeopleOnly);
  }
  return { network: row.network, access };
}

/** What a network made from others carries of them (insertNetwork's origin fields). */
export interface NetworkOrigin {
  passiveAccountId: string | null;
  copiedFromShare: boolean;
  discoverOrigin: TDiscoverOrigin | null;
}

/**
 * The origin of a network made from `sources` (a copy, a combination, an analysis), each as
 * requireNetwork answered it. Passive if any source is (every source the caller could open is of their
 * own account, so two accounts cannot meet: refused should it ever happen); copied from a share if any
 * source was held through one or was itself such a copy; the first Discover origin among them.
 */
export function derivedOrigin(sources: readonly { network: NetworkRow; access: TNetworkAccess }[]): NetworkOrigin {
  const accounts = new Set(sources.map((s) => s.network.passiveAccountId).filter((a) => a !== null));
  if (accounts.size > 1) throw new AppError('FORBIDDEN', PASSIVE_MSG.networkPeopleOnly);
  return {
    passiveAccountId: [...accounts][0] ?? null,
    copiedFromShare: sources.some((s) => s.access !== 'Owner' || s.network.copiedFromShare),
    discoverOrigin: sources.find((s) => s.network.discoverOrigin !== null)?.network.discoverOrigin ?? null,
  };
}
