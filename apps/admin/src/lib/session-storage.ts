import type { TUser } from '@tieline/validation';

// Spec §3: the signed-in user is kept in browser storage under 'user' and 'userLogin' for instant paint.
// The server (users.me) stays the authority; nothing here grants access.
const USER_KEY = 'user';
const USER_LOGIN_KEY = 'userLogin';

export function readStoredUser(): TUser | undefined {
  try {
    const raw = localStorage.getItem(USER_KEY);
    if (!raw) return undefined;
    const user = JSON.parse(raw) as Partial<TUser> | null;
    // Only a shape we can paint with; anything else is ignored and replaced by the next users.me.
    if (!user || typeof user !== 'object' || !user.userLogin || !user.billing) return undefined;
    return user as TUser;
  } catch {
    return undefined;
  }
}

export function storeUser(user: TUser): void {
  try {
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    localStorage.setItem(USER_LOGIN_KEY, JSON.stringify(user.userLogin));
  } catch {
    // Storage can be full or disabled (private mode); the app still works from users.me.
  }
}

export function clearStoredUser(): void {
  try {
    localStorage.removeItem(USER_KEY);
    localStorage.removeItem(USER_LOGIN_KEY);
  } catch {
    // See storeUser.
  }
}
