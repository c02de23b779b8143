import { and, type Db, eq, gt, isNull, organizations, tempUsers } from '@tieline/db';
import type { TTempUser } from '@tieline/validation';
import type { Caller } from '../../auth/actor';
import { hashToken } from '../../auth/tokens';
import type { Deps } from '../../deps';

/** An unaccepted, unexpired invitation with its organization, by the token from /signup/:token. */
export async function liveInvitation(db: Db, token: string) {
  const [row] = await db
    .select({ invite: tempUsers, org: organizations })
    .from(tempUsers)
    .innerJoin(organizations, eq(tempUsers.organizationId, organizations.id))
    .where(and(eq(tempUsers.id, hashToken(token)), isNull(tempUsers.acceptedAt), gt(tempUsers.expiresAt, new Date())));
  return row ?? null;
}

/** GET tempUser/:id — the invitation behind /signup/:token, or null. */
export async function getTempUser(deps: Deps, _caller: Caller, input: { id: string }): Promise<TTempUser> {
  const row = await liveInvitation(deps.db, input.id);
  if (!row) return null;
  return {
    _id: input.id,
    email: row.invite.email,
    name: row.invite.name,
    organization: { _id: row.org.id, name: row.org.name, type: row.org.type },
  };
}
