/** Auth slice (localStorage td02:auth): tokens, strategy and user (docs/product/accounts.md). */
import { localAtom } from './persist.ts';
import { LOGGED_OUT, type AuthState } from '#lib/account/client-rules.ts';

export const auth = localAtom<AuthState>('auth', LOGGED_OUT, (v) =>
  v && typeof v === 'object' && 'accessToken' in v ? { ...LOGGED_OUT, ...(v as AuthState) } : LOGGED_OUT,
);

/** Logout is not a server call (docs/product/accounts.md#strategies). */
export function logout(): void {
  auth.set(LOGGED_OUT);
}
