import { describe, expect, it } from 'vitest';
import { clampQuantity, debounceFor, shouldSendUpdate } from '#lib/cart/client-spinner.ts';
import { addRecentlyViewed, pushHistory, type RecentlyViewed } from '#lib/page-behaviour/visit-history.ts';
import { dealLive, formatHms, secondsLeft } from '#lib/content/deal-countdown.ts';
import { pickVariant, resolveProviders } from '#lib/page-behaviour/experiments.ts';
import { accountLinkTarget, customerDiscounts, loginModal, LOGGED_OUT } from '#lib/account/client-rules.ts';
import { renderPrice } from '#lib/pricing/client-price-display.ts';
import { isChunkLoadError, shouldReloadForChunk } from '#lib/page-behaviour/chunk-reload.ts';

const n = (s: string) => s.replace(/\s/g, ' ');

describe('quantity spinner (SPEC §5)', () => {
  it('forces integers in 0–5000, non-numeric → 0', () => {
    expect(clampQuantity('3.7')).toBe(3);
    expect(clampQuantity('-4')).toBe(0);
    expect(clampQuantity('90000')).toBe(5000);
    expect(clampQuantity('abc')).toBe(0);
    expect(clampQuantity('')).toBe(0);
    expect(clampQuantity(12)).toBe(12);
  });
  it('debounces 250 ms, removes at once, skips unchanged values', () => {
    expect(debounceFor(3)).toBe(250);
    expect(debounceFor(0)).toBe(0);
    expect(shouldSendUpdate(2, 2)).toBe(false);
    expect(shouldSendUpdate(3, 2)).toBe(true);
  });
});

describe('recently viewed and breadcrumb history (SPEC §4, §9)', () => {
  const rv = (sku: string): RecentlyViewed => ({ sku, name: sku, url: `/p/${sku}`, thumb: null });
  it('keeps 5, newest first, no duplicates', () => {
    let list = ['a', 'b', 'c', 'd', 'e', 'f'].reduce((l, s) => addRecentlyViewed(l, rv(s)), [] as RecentlyViewed[]);
    expect(list.map((x) => x.sku)).toEqual(['f', 'e', 'd', 'c', 'b']);
    list = addRecentlyViewed(list, rv('d'));
    expect(list.map((x) => x.sku)).toEqual(['f', 'e', 'd', 'c', 'b']);
  });
  it('skips an entry equal to the previous target and keeps the last 5', () => {
    let h = pushHistory([], { name: 'A', target: '/a' });
    h = pushHistory(h, { name: 'A again', target: '/a' });
    expect(h).toHaveLength(1);
    for (const t of ['/b', '/c', '/d', '/e', '/f']) h = pushHistory(h, { name: t, target: t });
    expect(h.map((x) => x.target)).toEqual(['/b', '/c', '/d', '/e', '/f']);
    expect(pushHistory(h, { name: 'x', target: '/a' }).at(-1)?.target).toBe('/a');
  });
});

describe('deal countdown (SPEC §4)', () => {
  const deal = { starts_at: '2026-01-01T10:00:00Z', expires_at: '2026-01-02T12:00:00Z' };
  it('is live only between starts_at and expires_at', () => {
    expect(dealLive(deal, Date.parse('2026-01-01T09:59:59Z'))).toBe(false);
    expect(dealLive(deal, Date.parse('2026-01-01T10:00:00Z'))).toBe(true);
    expect(dealLive(deal, Date.parse('2026-01-02T12:00:00Z'))).toBe(false);
  });
  it('counts hh:mm:ss and stops at zero', () => {
    expect(formatHms(secondsLeft(deal.expires_at, Date.parse('2026-01-01T10:00:00Z')))).toBe('26:00:00');
    expect(formatHms(3661)).toBe('01:01:01');
    expect(secondsLeft(deal.expires_at, Date.parse('2027-01-01T00:00:00Z'))).toBe(0);
    expect(formatHms(0)).toBe('00:00:00');
  });
});

describe('experiments (SPEC §4)', () => {
  it('picks an accessories variant once and reuses it; other names get original', () => {
    const a = pickVariant('accessories', {}, () => 0.9);
    expect(a.variant).toBe('upselling');
    expect(pickVariant('accessories', a.saved, () => 0).variant).toBe('upselling');
    expect(pickVariant('other', {}, () => 0.9).variant).toBe('original');
  });
  it('defaults to external providers, eel/internal on failure; overrides win', () => {
    expect(resolveProviders(undefined, {})).toMatchObject({ searchProvider: 'external', recommendationProvider: 'external', shippingProcessor: 'eel' });
    expect(resolveProviders(undefined, {}, true)).toMatchObject({ searchProvider: 'internal', shippingProcessor: 'eel' });
    expect(resolveProviders(undefined, { search_provider: 'internal', stock_dates: 'days_date_format' })).toMatchObject({ searchProvider: 'internal', stockDates: 'days_date_format' });
  });
});

describe('account link and login modal (SPEC §2, §4)', () => {
  it('routes by auth state', () => {
    expect(accountLinkTarget(LOGGED_OUT)).toEqual({ kind: 'login' });
    expect(accountLinkTarget({ ...LOGGED_OUT, accessToken: 't' })).toEqual({ kind: 'orders' });
    expect(accountLinkTarget({ strategy: 'myOrder', accessToken: 't', refreshToken: null, user: { scope: 'my-order', order_id: 42 } })).toEqual({ kind: 'order', id: '42' });
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

describe('price re-render (VAT mode, customer discount)', () => {
  it('shows ex-VAT and a customer discount per discount category', () => {
    expect(n(renderPrice({ amount: 125, vat: 25 }, 'sv', true).amount)).toBe('125 kr');
    expect(n(renderPrice({ amount: 125, vat: 25 }, 'sv', false).amount)).toBe('100 kr');
    const r = renderPrice({ amount: 200, vat: 25, discountCategory: 'A' }, 'sv', true, { A: 10 });
    expect(n(r.amount)).toBe('180 kr');
    expect(n(r.ordinary!)).toBe('200 kr');
    expect(renderPrice({ amount: 200, vat: 25, discountCategory: 'B' }, 'sv', true, { A: 10 }).ordinary).toBeUndefined();
  });
});

describe('chunk-load failure reload (SPEC §8)', () => {
  it('reloads at most once per 60 seconds', () => {
    expect(shouldReloadForChunk(null, 1000)).toBe(true);
    expect(shouldReloadForChunk(1000, 60_999)).toBe(false);
    expect(shouldReloadForChunk(1000, 61_000)).toBe(true);
  });
  it('recognises chunk-load errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/_astro/a.js'))).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
  });
});
