import { describe, expect, it } from 'vitest';
import {
  accountLinkTarget,
  authStateOf,
  customerDiscounts,
  isLoggedIn,
  loginModal,
  LOGGED_OUT,
  reviveAuth,
  setPasswordModal,
  staysAfterLogin,
} from '#lib/account/client-rules.ts';

const NOW = Date.UTC(2026, 10, 24, 12);
const customer = authStateOf({ id: 7, email: 'a@b.se', name: 'Ada', discount: { A: 10 } }, 3600, NOW);
const guest = authStateOf({ scope: 'my-order', order_id: '42', email: 'g@b.se' }, 3600, NOW);

describe('auth slice', () => {
  it('keeps only what the page draws: no token, no e-mail', () => {
    expect(customer).toEqual({
      loggedIn: true,
      strategy: 'myAccount',
      name: 'Ada',
      discount: { A: 10 },
      orderId: null,
      expiresAt: NOW + 3_600_000,
    });
    expect(guest).toEqual({ loggedIn: true, strategy: 'myOrder', name: '', discount: {}, orderId: '42', expiresAt: NOW + 3_600_000 });
    expect(JSON.stringify(customer)).not.toMatch(/token|@/i);
  });
  it('revives a stored slice field by field; the former token-bearing shape and junk are logged out', () => {
    expect(reviveAuth(JSON.parse(JSON.stringify(customer)))).toEqual(customer);
    expect(reviveAuth({ strategy: 'myAccount', accessToken: 'x.y', refreshToken: 'z', user: { discount: { A: 10 } } })).toEqual(LOGGED_OUT);
    expect(reviveAuth({ ...customer, discount: { A: 500, B: 'x', C: 5 } }).discount).toEqual({ C: 5 });
    expect(reviveAuth({ ...customer, expiresAt: 'soon' })).toEqual(LOGGED_OUT);
    expect(reviveAuth(null)).toEqual(LOGGED_OUT);
  });
  it('counts as logged in only until the cookies run out', () => {
    expect(isLoggedIn(customer, NOW)).toBe(true);
    expect(isLoggedIn(customer, NOW + 3_600_000)).toBe(false);
    expect(isLoggedIn(LOGGED_OUT, NOW)).toBe(false);
  });
});

describe('account link and login modal', () => {
  it('routes by auth state', () => {
    expect(accountLinkTarget(LOGGED_OUT, NOW)).toEqual({ kind: 'login' });
    expect(accountLinkTarget(customer, NOW)).toEqual({ kind: 'orders' });
    expect(accountLinkTarget(guest, NOW)).toEqual({ kind: 'order', id: '42' });
    expect(accountLinkTarget(customer, NOW + 3_600_001)).toEqual({ kind: 'login' });
  });
  it('gives discounts to a live account session only', () => {
    expect(customerDiscounts(customer, NOW)).toEqual({ A: 10 });
    expect(customerDiscounts(customer, NOW + 3_600_001)).toEqual({});
    expect(customerDiscounts(guest, NOW)).toEqual({});
    expect(customerDiscounts({ ...LOGGED_OUT, discount: { A: 10 } }, NOW)).toEqual({});
  });
  it('has the five modal transitions, and the set-password view', () => {
    const closed = { open: false, changePassword: false };
    expect(loginModal(closed, 'toggle').open).toBe(true);
    expect(loginModal(loginModal(closed, 'toggle'), 'toggle').open).toBe(false);
    expect(loginModal(closed, 'show-change-password')).toEqual({ open: true, changePassword: true });
    expect(loginModal({ open: true, changePassword: true }, 'hide-change-password')).toEqual({ open: true, changePassword: false });
    expect(loginModal({ open: true, changePassword: true }, 'hide')).toEqual(closed);
    expect(setPasswordModal('tok')).toEqual({ open: true, changePassword: true, token: 'tok' });
    expect(loginModal(setPasswordModal('tok'), 'hide')).toEqual(closed);
  });
  it('stays on the personal pages after login', () => {
    expect(staysAfterLogin('/my-account/orders')).toBe(true);
    expect(staysAfterLogin('/my-order/100001')).toBe(true);
    expect(staysAfterLogin('/my-account')).toBe(true);
    expect(staysAfterLogin('/my-accountant')).toBe(false);
    expect(staysAfterLogin('/')).toBe(false);
  });
});
