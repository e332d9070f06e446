import { describe, expect, it } from 'vitest';
import { accountLinkTarget, customerDiscounts, loginModal, LOGGED_OUT } from '#lib/account/client-rules.ts';

describe('account link and login modal', () => {
  it('routes by auth state', () => {
    expect(accountLinkTarget(LOGGED_OUT)).toEqual({ kind: 'login' });
    expect(accountLinkTarget({ ...LOGGED_OUT, accessToken: 't' })).toEqual({ kind: 'orders' });
    expect(
      accountLinkTarget({ strategy: 'myOrder', accessToken: 't', refreshToken: null, user: { scope: 'my-order', order_id: 42 } }),
    ).toEqual({ kind: 'order', id: '42' });
    expect(customerDiscounts({ ...LOGGED_OUT, user: { discount: { A: 10 } } })).toEqual({});
    expect(customerDiscounts({ ...LOGGED_OUT, accessToken: 't', user: { discount: { A: 10 } } })).toEqual({ A: 10 });
  });
  it('has the five modal transitions', () => {
    const closed = { open: false, changePassword: false };
    expect(loginModal(closed, 'toggle').open).toBe(true);
    expect(loginModal(loginModal(closed, 'toggle'), 'toggle').open).toBe(false);
    expect(loginModal(closed, 'show-change-password')).toEqual({ open: true, changePassword: true });
    expect(loginModal({ open: true, changePassword: true }, 'hide-change-password')).toEqual({ open: true, changePassword: false });
    expect(loginModal({ open: true, changePassword: true }, 'hide')).toEqual(closed);
  });
});
