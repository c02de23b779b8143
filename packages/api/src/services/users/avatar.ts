import { randomUUID } from 'node:crypto';
import { eq, users } from '@tieline/db';
import { PROFILE_MSG, type TUser } from '@tieline/validation';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { inspectImage } from '../../images/image-type';
import { getUserWire } from './user-wire';

export const avatarKey = (avatarUuid: string) => `avatars/${avatarUuid}`;

/**
 * POST users/avatar: a JPEG or PNG picture (told by its decoded header) for every user of the login, replacing the
 * one before; the user's `avatar` is the picture's id, served by GET users/avatar/{id}.
 */
export async function uploadAvatar(deps: Deps, caller: SignedInCaller, input: { bytes: Uint8Array | null }) {
  if (!input.bytes || input.bytes.length === 0) throw new AppError('BAD_REQUEST', PROFILE_MSG.avatarRequired);
  const type = inspectImage(input.bytes)?.type;
  if (type !== 'image/png' && type !== 'image/jpeg') throw new AppError('BAD_REQUEST', PROFILE_MSG.avatarType);
  const avatarUuid = randomUUID();
  await deps.storage.put(avatarKey(avatarUuid), input.bytes, type);
  return setAvatar(deps, caller, avatarUuid);
}

/** profile.removeAvatar: the login's picture goes (its file too); initials show in its place. */
export function removeAvatar(deps: Deps, caller: SignedInCaller) {
  return setAvatar(deps, caller, null);
}

/** Sets the picture of every user of the login, deleting the files it replaces; answers the user. */
async function setAvatar(deps: Deps, caller: SignedInCaller, avatarUuid: string | null): Promise<TUser> {
  const replaced = await deps.db.transaction(async (tx) => {
    const before = await tx
      .select({ avatar: users.avatar })
      .from(users)
      .where(eq(users.userLoginId, caller.actor.userLoginId))
      .for('update');
    await tx.update(users).set({ avatar: avatarUuid }).where(eq(users.userLoginId, caller.actor.userLoginId));
    return [...new Set(before.map((u) => u.avatar).filter((a): a is string => a !== null))];
  });
  await Promise.all(replaced.map((a) => deps.storage.delete(avatarKey(a))));
  const user = await getUserWire(deps.db, caller.actor.userId);
  if (!user) throw new AppError('NOT_FOUND', PROFILE_MSG.avatarNotFound);
  return user;
}

/**
 * GET users/avatar/{id}: a stored picture, to signed-in callers (pictures show beside people's names
 * across the app); the id is random and changes with every upload.
 */
export async function readAvatar(deps: Deps, _caller: SignedInCaller, input: { avatarUuid: string }) {
  const file = await deps.storage.get(avatarKey(input.avatarUuid));
  if (!file) throw new AppError('NOT_FOUND', PROFILE_MSG.avatarNotFound);
  return file;
}
