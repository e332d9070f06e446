/** Account link and login modal states (docs/product/accounts.md). */
import type { AuthUser as AccountUser, OrderUser } from '#lib/api/auth-contracts.ts';

/** Who is logged in, as the browser keeps it: an account's user or a guest order's user (never a token: see stores/auth.ts). */
export type AuthUser =
  Partial<AccountUser> | (Pick<OrderUser, 'scope'> & Partial<Pick<OrderUser, 'email'>> & { order_id: string | number });
export interface AuthState {
  strategy: 'myAccount' | 'myOrder';
  accessToken: string | null;
  refreshToken: string | null;
  user: AuthUser | null;
}

export const LOGGED_OUT: AuthState = { strategy: 'myAccount', accessToken: null, refreshToken: null, user: null };

export type AccountLinkTarget = { kind: 'order'; id: string } | { kind: 'orders' } | { kind: 'login' };

/** my-order scope → that order; logged in → my account orders; else the login dialog. */
export function accountLinkTarget(auth: AuthState): AccountLinkTarget {
  if (!auth.accessToken) return { kind: 'login' };
  const user = auth.user;
  if (user && 'scope' in user && user.scope === 'my-order') return { kind: 'order', id: String(user.order_id) };
  return { kind: 'orders' };
}

export interface LoginModal {
  open: boolean;
  changePassword: boolean;
}
export type LoginModalAction = 'toggle' | 'show' | 'hide' | 'show-change-password' | 'hide-change-password';

export function loginModal(state: LoginModal, action: LoginModalAction): LoginModal {
  switch (action) {
    case 'toggle':
      return { ...state, open: !state.open };
    case 'show':
      return { ...state, open: true };
    case 'hide':
      return { open: false, changePassword: false };
    case 'show-change-password':
      return { open: true, changePassword: true };
    case 'hide-change-password':
      return { ...state, changePassword: false };
  }
}

/** A customer's discount map (percent per discount category); logged-out visitors have none. */
export function customerDiscounts(auth: AuthState): Record<string, number> {
  const user = auth.user;
  return auth.accessToken && user && !('scope' in user) ? (user.discount ?? {}) : {};
}
