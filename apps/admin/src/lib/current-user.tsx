import type { TUser } from '@tieline/validation';
import { createContext, useContext } from 'react';

const CurrentUserContext = createContext<TUser | null>(null);

export const CurrentUserProvider = CurrentUserContext.Provider;

/** The signed-in user; only inside the protected layout, which guarantees there is one. */
export function useCurrentUser(): TUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser must be used inside the protected layout');
  return user;
}

/** Owner or Admin of the user's first organization (spec §6). */
export function isOrganizationAdmin(user: TUser): boolean {
  const permission = user.organizations[0]?.permission;
  return permission === 'Owner' || permission === 'Admin';
}

export function isOrganizationOwner(user: TUser): boolean {
  return user.organizations[0]?.permission === 'Owner';
}

export function isSuperAdmin(user: TUser): boolean {
  return user.role === 'Admin';
}
