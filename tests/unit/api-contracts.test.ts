import { describe, expect, it } from 'vitest';
import { parseStoreQuery, productsQuerySchema, storeQuery, syncCartRequestSchema, syncCouponsRequestSchema, captuerrRequestSchema } from '#lib/api/contracts.ts';
import { LOCALE_CODES, LOCALES } from '#lib/market/locales.ts';

describe('locale + sid query pair', () => {
  it.each(LOCALE_CODES)('%s with its own store id is accepted', (code) => {
    expect(parseStoreQuery(new URLSearchParams(storeQuery(code)))).toEqual({ ok: true, locale: code, sid: LOCALES[code].storeID });
  });
  it.each(['', 'locale=sv', 'sid=1', 'locale=sv&sid=3', 'locale=xx&sid=1', 'locale=sv&sid=1.0', 'locale=sv&sid=-1', 'locale=SV&sid=1', 'locale=sv&sid=01x'])('rejects %j', (q) => {
    const r = parseStoreQuery(new URLSearchParams(q));
    expect(r.ok).toBe(false);
  });
});

describe('request schemas', () => {
  it('sync-cart accepts the full form and the atc preload form, normalizing coupon objects to codes', () => {
    expect(syncCartRequestSchema.parse({ items: [{ sku: 'A', quantity: 2 }], checkout_order_id: null })).toEqual({ items: [{ sku: 'A', quantity: 2 }], checkout_order_id: null });
    expect(syncCartRequestSchema.parse({ items: [], coupons: ['X', { code: 'Y', applied: true }] }).coupons).toEqual(['X', 'Y']);
  });
  it.each([
    [{ items: [{ sku: 'A', quantity: -1 }] }], [{ items: [{ sku: 'A', quantity: 1.5 }] }], [{ items: [{ sku: 'A', quantity: '2' }] }],
    [{ items: [{ sku: '', quantity: 1 }] }], [{ items: 'all' }], [{}], [{ items: Array.from({ length: 201 }, () => ({ sku: 'A', quantity: 1 })) }],
  ])('sync-cart rejects %j', (body) => {
    expect(syncCartRequestSchema.safeParse(body).success).toBe(false);
  });
  it('sync-coupons needs a coupon list; cart_contents defaults to empty', () => {
    expect(syncCouponsRequestSchema.parse({ coupons: [] })).toEqual({ coupons: [], cart_contents: [] });
    expect(syncCouponsRequestSchema.safeParse({ coupons: 'X' }).success).toBe(false);
  });
  it('products: query longer than 1 trimmed character, flags and bounded paging', () => {
    expect(productsQuerySchema.parse({ query: ' ab ', nc: 'true', co: '0', limit: '10', page: '2' })).toEqual({ query: 'ab', nc: true, co: false, limit: 10, page: 2 });
    for (const bad of [{ query: ' a ' }, { query: 'ab', limit: '1000' }, { query: 'ab', offset: '-1' }, { query: 'ab', nc: 'yes' }, { query: 'ab', limit: 'NaN' }]) {
      expect(productsQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
  it('captuerr bounds its fields', () => {
    expect(captuerrRequestSchema.parse({ error: 'x' }).level).toBe('error');
    expect(captuerrRequestSchema.safeParse({ error: 'x'.repeat(2001) }).success).toBe(false);
    expect(captuerrRequestSchema.safeParse({ error: 'x', level: 'fatal' }).success).toBe(false);
  });
});
