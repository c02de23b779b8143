import { type Db, eq, userLogins, users } from '@tieline/db';
import type { TPermission } from '@tieline/validation';
import type { Session } from './session';

/** Who is calling: the signed-in user a session points at. */
export interface Actor {
  userId: string;
  userLoginId: string;
  role: 'User' | 'Admin';
  organizationId: string | null;
  permission: TPermission | null;
  verified: boolean;
}

/** What every service receives about the caller; `actor` is null for public calls. */
export interface Caller {
  actor: Actor | null;
  /** Client address (through trusted proxies), the key of per-address limits. */
  ip: string;
  /** The request came from this machine (loopback peer and client), see fromThisMachine. */
  local: boolean;
}
export type SignedInCaller = Caller & { actor: Actor };

export async function loadActor(db: Db, session: Session): Promise<Actor | null> {
  const [row] = await db
    .select({ user: users, verified: userLogins.verified })
    .from(users)
    .innerJoin(userLogins, eq(users.userLoginId, userLogins.id))
    .where(eq(users.id, session.userId));
  if (!row || row.user.userLoginId !== session.userLoginId) return null;
  return {
    userId: row.user.id,
    userLoginId: row.user.userLoginId,
    role: row.user.role === 'Admin' ? 'Admin' : 'User',
    organizationId: row.user.organizationId,
    permission: row.user.permission as TPermission | null,
    verified: row.verified,
  };
}
