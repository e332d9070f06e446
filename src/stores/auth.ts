/**
 * Auth slice (localStorage td02:auth, docs/product/accounts.md#browser-state): logged in or not, strategy, name,
 * discounts, guest order id — never a token (those are httpOnly cookies). A slice in the former token-bearing
 * shape is replaced by "logged out" at once, so no token stays in local storage.
 */
import { localAtom, PREFIX } from './persist.ts';
import { authStateOf, LOGGED_OUT, reviveAuth, type AuthState } from '#lib/account/client-rules.ts';
import type { AuthUser, OrderUser } from '#lib/api/auth-contracts.ts';
import { logOut } from '#api-client/auth.ts';

export const auth = localAtom<AuthState>('auth', LOGGED_OUT, reviveAuth);

try {
  if (typeof localStorage !== 'undefined' && /"(accessToken|refreshToken)"/.test(localStorage.getItem(`${PREFIX}auth`) ?? ''))
    auth.set(LOGGED_OUT);
} catch {
  /* storage disabled: nothing stored */
}

/** After a successful login, refresh or set-password answer. */
export function signedIn(user: AuthUser | OrderUser, expiresInSeconds: number): void {
  auth.set(authStateOf(user, expiresInSeconds, Date.now()));
}

/** Logout is a server call (the refresh family is revoked, the cookies cleared); the slice is cleared either way. */
export async function logout(): Promise<void> {
  try {
    await logOut();
  } finally {
    auth.set(LOGGED_OUT);
  }
}
