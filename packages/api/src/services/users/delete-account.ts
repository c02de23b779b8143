import { and, eq, inArray, ne, organizations, userLogins, users } from '@tieline/db';
import { PROFILE_MSG, type TCurrentPasswordInput } from '@tieline/validation';
import type { SignedInCaller } from '../../auth/actor';
import { requireCurrentPassword } from '../../auth/current-password';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { avatarKey } from './avatar';

/**
 * PUT users/delete: deletes the login with its users, sessions, keys and what they own. Refused while the
 * person is the only Owner of an organization, which would be left with nobody to manage it. The
 * organizations are locked while checked, so two Owners cannot each leave the other as the last one.
 */
export async function deleteAccount(deps: Deps, caller: SignedInCaller, input: TCurrentPasswordInput) {
  const { db } = deps;
  const login = await requireCurrentPassword(
    db,
    { ip: caller.ip, userLoginId: caller.actor.userLoginId },
    input.currentPassword,
  );
  const avatars = await db.transaction(async (tx) => {
    const mine = await tx
      .select({ organizationId: users.organizationId, permission: users.permission, avatar: users.avatar })
      .from(users)
      .where(eq(users.userLoginId, login.id));
    const owned = mine.filter((u) => u.permission === 'Owner' && u.organizationId).map((u) => u.organizationId!);
    if (owned.length > 0) {
      const orgs = await tx
        .select({ id: organizations.id, name: organizations.name })
        .from(organizations)
        .where(inArray(organizations.id, owned))
        .orderBy(organizations.id)
        .for('update');
      for (const org of orgs) {
        const [otherOwner] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.organizationId, org.id), eq(users.permission, 'Owner'), ne(users.userLoginId, login.id)))
          .limit(1);
        if (!otherOwner) throw new AppError('BAD_REQUEST', PROFILE_MSG.lastOwner(org.name));
      }
    }
    await tx.delete(userLogins).where(eq(userLogins.id, login.id));
    return [...new Set(mine.map((u) => u.avatar).filter((a): a is string => a !== null))];
  });
  await Promise.all(avatars.map((a) => deps.storage.delete(avatarKey(a))));
}
