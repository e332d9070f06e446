/** Account link and login modal states (SPEC §2 Query-driven behaviour, §4 Login modal, Authentication). */
export interface AuthUser { discount?: Record<string, number>; scope?: string; order_id?: string | number; name?: string; email?: string }
export interface AuthState { strategy: 'myAccount' | 'myOrder'; accessToken: string | null; refreshToken: string | null; user: AuthUser | null }

export const LOGGED_OUT: AuthState = { strategy: 'myAccount', accessToken: null, refreshToken: null, user: null };

export type AccountLinkTarget = { kind: 'order'; id: string } | { kind: 'orders' } | { kind: 'login' };

/** my-order scope → that order; logged in → my account orders; else the login dialog. */
export function accountLinkTarget(auth: AuthState): AccountLinkTarget {
  if (!auth.accessToken) return { kind: 'login' };
  if (auth.user?.scope === 'my-order' && auth.user.order_id !== undefined) return { kind: 'order', id: String(auth.user.order_id) };
  return { kind: 'orders' };
}

export interface LoginModal { open: boolean; changePassword: boolean }
export type LoginModalAction = 'toggle' | 'show' | 'hide' | 'show-change-password' | 'hide-change-password';

export function loginModal(state: LoginModal, action: LoginModalAction): LoginModal {
  switch (action) {
    case 'toggle': return { ...state, open: !state.open };
    case 'show': return { ...state, open: true };
    case 'hide': return { open: false, changePassword: false };
    case 'show-change-password': return { open: true, changePassword: true };
    case 'hide-change-password': return { ...state, changePassword: false };
  }
}

/** A customer's discount map (percent per discount category); logged-out visitors have none. */
export function customerDiscounts(auth: AuthState): Record<string, number> {
  return auth.accessToken ? auth.user?.discount ?? {} : {};
}
