/** Account link and login modal states (docs/product/accounts.md). */
import type { AuthUser as AccountUser, OrderUser } from '#lib/api/auth-contracts.ts';

/**
 * Who is logged in, as the browser keeps it (persisted `auth` slice): only what the page needs to draw. The
 * tokens themselves are httpOnly cookies the page's scripts cannot read; `expiresAt` (ms) is when those
 * cookies run out unless the server renews them, so a stale slice draws "logged out" on its own.
 */
export interface AuthState {
  loggedIn: boolean;
  strategy: 'myAccount' | 'myOrder';
  /** The account's name ('' for guest orders). */
  name: string;
  /** Personal discount percent per discount category (accounts only). */
  discount: Record<string, number>;
  /** The one order of a guest-order session. */
  orderId: string | null;
  expiresAt: number;
}

export const LOGGED_OUT: AuthState = { loggedIn: false, strategy: 'myAccount', name: '', discount: {}, orderId: null, expiresAt: 0 };

/** The slice after a login, refresh or set-password answer (its user and token lifetime). */
export function authStateOf(user: AccountUser | OrderUser, expiresInSeconds: number, now: number): AuthState {
  const expiresAt = now + expiresInSeconds * 1000;
  if ('scope' in user) return { ...LOGGED_OUT, loggedIn: true, strategy: 'myOrder', orderId: String(user.order_id), expiresAt };
  return { ...LOGGED_OUT, loggedIn: true, strategy: 'myAccount', name: user.name, discount: { ...user.discount }, expiresAt };
}

/** A stored slice, checked field by field: anything else (e.g. the former token-bearing shape) is logged out. */
export function reviveAuth(v: unknown): AuthState {
  if (!v || typeof v !== 'object' || 'accessToken' in v || 'refreshToken' in v) return LOGGED_OUT;
  const s = v as Partial<AuthState>;
  if (s.loggedIn !== true || typeof s.expiresAt !== 'number') return LOGGED_OUT;
  const discount = Object.fromEntries(
    Object.entries(s.discount && typeof s.discount === 'object' ? s.discount : {}).filter(
      (e): e is [string, number] => typeof e[1] === 'number' && e[1] >= 0 && e[1] <= 100,
    ),
  );
  return {
    loggedIn: true,
    strategy: s.strategy === 'myOrder' ? 'myOrder' : 'myAccount',
    name: typeof s.name === 'string' ? s.name : '',
    discount,
    orderId: typeof s.orderId === 'string' ? s.orderId : null,
    expiresAt: s.expiresAt,
  };
}

export const isLoggedIn = (auth: AuthState, now: number) => auth.loggedIn && auth.expiresAt > now;

export type AccountLinkTarget = { kind: 'order'; id: string } | { kind: 'orders' } | { kind: 'login' };

/** my-order scope → that order; logged in → my account orders; else the login dialog. */
export function accountLinkTarget(auth: AuthState, now: number): AccountLinkTarget {
  if (!isLoggedIn(auth, now)) return { kind: 'login' };
  if (auth.strategy === 'myOrder' && auth.orderId) return { kind: 'order', id: auth.orderId };
  return { kind: 'orders' };
}

/**
 * The modal: `changePassword` opens the change view; with a `token` (from a set-password or reset e-mail,
 * the `set_password` query) that view sets the password with the token instead of the current password.
 */
export interface LoginModal {
  open: boolean;
  changePassword: boolean;
  token?: string | null;
  /** A notice shown above the login form (a refused login link). */
  notice?: 'link_refused' | null;
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
      return { open: state.open, changePassword: false };
  }
}

/** The change view opened for a set-password link's token. */
export const setPasswordModal = (token: string): LoginModal => ({ open: true, changePassword: true, token });

/** A customer's discount map (percent per discount category); logged-out visitors have none. */
export function customerDiscounts(auth: AuthState, now: number): Record<string, number> {
  return isLoggedIn(auth, now) && auth.strategy === 'myAccount' ? auth.discount : {};
}

/** Pages where a fresh login should stay (reload) rather than move on: the personal pages. */
export function staysAfterLogin(pathname: string): boolean {
  return /^\/(my-account|my-order)(\/|$)/.test(pathname);
}
