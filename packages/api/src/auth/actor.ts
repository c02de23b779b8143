import { organizations, users } from '@tieline/db';
import { effectiveModules, type TModules, type TPermission } from '@tieline/validation';

/** Who is calling: the signed-in user a session points at. */
export interface Actor {
  userId: string;
  userLoginId: string;
  role: 'User' | 'Admin';
  organizationId: string | null;
  permission: TPermission | null;
  verified: boolean;
  /** The modules this user may use (their own within their organization's), see effectiveModules. */
  modules: TModules;
  /**
   * An Owner's grant of person-level passive data to this member (users.person_level_passive); read
   * only through seesPassivePeople (access/passive-data.ts), which adds the roles that always have it.
   */
  personLevelPassive: boolean;
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

type ModuleFlags = Record<string, { enabled: boolean } | undefined>;

/**
 * What toActor needs, as columns of a select over `users` left-joined to its `organizations` row: the
 * session and API-key queries load the caller in one statement each.
 */
export const actorColumns = {
  user: {
    id: users.id,
    role: users.role,
    organizationId: users.organizationId,
    permission: users.permission,
    modules: users.modules,
    personLevelPassive: users.personLevelPassive,
  },
  organizationModules: organizations.modules,
};

/** The actor of a session's user row (see validateSessionToken, which loads both in one query). */
export function toActor(
  user: {
    id: string;
    role: string;
    organizationId: string | null;
    permission: string | null;
    modules: ModuleFlags;
    personLevelPassive: boolean;
  },
  organizationModules: ModuleFlags | null,
  userLoginId: string,
  verified: boolean,
): Actor {
  return {
    userId: user.id,
    userLoginId,
    role: user.role === 'Admin' ? 'Admin' : 'User',
    organizationId: user.organizationId,
    permission: user.permission as TPermission | null,
    verified,
    modules: effectiveModules(user.modules, organizationModules),
    personLevelPassive: user.personLevelPassive,
  };
}
