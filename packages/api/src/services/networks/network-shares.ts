import { and, asc, eq, networkShares, sql, userLogins, users } from '@tieline/db';
import { NETWORK_MANAGE_LIMITS, NETWORK_MSG, type TNetworkPermission, type TNetworkShare } from '@tieline/validation';
import { requireNetwork } from '../../access/networks';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';

// {id}/manage/users: who a network is shared with. Shares are per person (login), so whichever
// organization they sign in through, they see it. Only the owner manages them.

/** The people a network is shared with, by name. */
export async function listShares(deps: Deps, caller: SignedInCaller, input: { id: string }): Promise<TNetworkShare[]> {
  const { network } = await requireNetwork(deps.db, caller.actor, input.id, 'owner');
  const rows = await deps.db
    .select({
      userId: userLogins.id,
      name: userLogins.name,
      email: userLogins.email,
      permission: networkShares.permission,
    })
    .from(networkShares)
    .innerJoin(userLogins, eq(userLogins.id, networkShares.userLoginId))
    .where(eq(networkShares.networkId, network.id))
    .orderBy(asc(sql`lower(${userLogins.name})`), asc(userLogins.id));
  return rows.map((r) => ({ ...r, permission: r.permission === 'Edit' ? 'Edit' : 'View' }));
}

/** The login of an email address; not the owner's own. */
async function loginOf(deps: Deps, email: string, ownerId: string) {
  const [login] = await deps.db
    .select({ id: userLogins.id })
    .from(userLogins)
    .where(eq(sql`lower(${userLogins.email})`, email.toLowerCase()));
  if (!login) throw new AppError('BAD_REQUEST', NETWORK_MSG.shareUnknownUser);
  const [owner] = await deps.db.select({ loginId: users.userLoginId }).from(users).where(eq(users.id, ownerId));
  if (owner?.loginId === login.id) throw new AppError('BAD_REQUEST', NETWORK_MSG.shareSelf);
  return login.id;
}

/** {id}/manage/users/add: one person by email. */
export async function addShare(
  deps: Deps,
  caller: SignedInCaller,
  input: { id: string; email: string; permission: TNetworkPermission },
): Promise<TNetworkShare[]> {
  const { network } = await requireNetwork(deps.db, caller.actor, input.id, 'owner');
  const loginId = await loginOf(deps, input.email, network.ownerId);
  const [{ n } = { n: 0 }] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(networkShares)
    .where(eq(networkShares.networkId, network.id));
  if (Number(n) >= NETWORK_MANAGE_LIMITS.sharesMax)
    throw new AppError('BAD_REQUEST', `A network can be shared with at most ${NETWORK_MANAGE_LIMITS.sharesMax} people`);
  const added = await deps.db
    .insert(networkShares)
    .values({ networkId: network.id, userLoginId: loginId, permission: input.permission })
    .onConflictDoNothing()
    .returning();
  if (added.length === 0) throw new AppError('CONFLICT', NETWORK_MSG.shareExists);
  return await listShares(deps, caller, input);
}

/** {id}/manage/users/edit/{userId}: change a person's permission. */
export async function editShare(
  deps: Deps,
  caller: SignedInCaller,
  input: { id: string; userId: string; permission: TNetworkPermission },
): Promise<TNetworkShare[]> {
  const { network } = await requireNetwork(deps.db, caller.actor, input.id, 'owner');
  const changed = await deps.db
    .update(networkShares)
    .set({ permission: input.permission })
    .where(and(eq(networkShares.networkId, network.id), eq(networkShares.userLoginId, input.userId)))
    .returning();
  if (changed.length === 0) throw new AppError('NOT_FOUND', 'This person does not have access to this network');
  return await listShares(deps, caller, input);
}

export async function removeShare(deps: Deps, caller: SignedInCaller, input: { id: string; userId: string }) {
  const { network } = await requireNetwork(deps.db, caller.actor, input.id, 'owner');
  await deps.db
    .delete(networkShares)
    .where(and(eq(networkShares.networkId, network.id), eq(networkShares.userLoginId, input.userId)));
  return await listShares(deps, caller, input);
}
