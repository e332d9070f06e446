/** The order list filter (docs/product/back-office-data.md#order-list-filter): search params → filter → params. */
import { describe, expect, it } from 'vitest';
import {
  filterInstants,
  filterTimeZone,
  orderFilterParams,
  orderSearch,
  parseOrderFilter,
  type OrderFilter,
} from '#lib/backoffice/order-filter.ts';

const parse = (query: string) => parseOrderFilter(new URLSearchParams(query));
const ok = (query: string): OrderFilter => {
  const r = parse(query);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.filter;
};

describe('parseOrderFilter', () => {
  it('no params: every order, first page of 25', () => {
    expect(ok('')).toEqual({ storefronts: [], states: [], page: 1, size: 25 });
  });

  it('reads every param, repeated storefronts and states once each, empty fields as absent', () => {
    expect(
      ok(
        'storefront=sv&storefront=fi&storefront=sv&state=paid&state=picked&payment=klarna&shipping=eel-postnord&from=2026-11-01&to=2026-11-30&q=+Anna+&page=3&size=100&foo=1&payment=',
      ),
    ).toEqual({
      storefronts: ['sv', 'fi'],
      states: ['paid', 'picked'],
      payment: 'klarna',
      shipping: 'eel-postnord',
      from: '2026-11-01',
      to: '2026-11-30',
      q: 'Anna',
      page: 3,
      size: 100,
    });
    expect(ok('payment=&q=%20&storefront=')).toEqual({ storefronts: [], states: [], page: 1, size: 25 });
  });

  it('names each bad param with a message the page can show', () => {
    const r = parse('storefront=se&state=lost&from=2026-02-30&size=101&page=0&payment=a%20b');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const byParam = Object.fromEntries(r.problems.map((p) => [p.param, p.message]));
    expect(Object.keys(byParam).sort()).toEqual(['from', 'page', 'payment', 'size', 'state', 'storefront']);
    expect(byParam.storefront).toBe('one of sv, no, da, fi, nl');
    expect(byParam.from).toBe('a date as YYYY-MM-DD');
    expect(byParam.size).toBe('at most 100');
    expect(byParam.page).toBe('at least 1');
    expect(parse('size=ten')).toEqual({ ok: false, problems: [{ param: 'size', message: 'a whole number' }] });
  });

  it('refuses a range that ends before it starts', () => {
    expect(parse('from=2026-11-02&to=2026-11-01')).toEqual({
      ok: false,
      problems: [{ param: 'to', message: 'on or after the from date' }],
    });
    expect(ok('from=2026-11-02&to=2026-11-02').to).toBe('2026-11-02');
  });
});

describe('orderFilterParams', () => {
  it('round-trips, leaving defaults out, with a page override for paging links', () => {
    const query = 'storefront=sv&storefront=no&state=paid&payment=card&shipping=x&from=2026-01-01&to=2026-01-31&q=111+22&page=2&size=50';
    const filter = ok(query);
    expect(orderFilterParams(filter).toString()).toBe(query);
    expect(ok(orderFilterParams(filter).toString())).toEqual(filter);
    expect(orderFilterParams(filter, { page: 1 }).get('page')).toBeNull();
    expect(orderFilterParams(ok('')).toString()).toBe('');
  });
});

describe('dates', () => {
  it('one storefront: its time zone; several or none: Stockholm', () => {
    expect(filterTimeZone({ storefronts: ['fi'] })).toBe('Europe/Helsinki');
    expect(filterTimeZone({ storefronts: ['fi', 'sv'] })).toBe('Europe/Stockholm');
    expect(filterTimeZone({ storefronts: [] })).toBe('Europe/Stockholm');
  });

  it('from and to are whole local days: [local midnight of from, local midnight after to)', () => {
    expect(filterInstants(ok('from=2026-11-01&to=2026-11-30'))).toEqual({
      from: '2026-10-31T23:00:00.000Z',
      to: '2026-11-30T23:00:00.000Z',
    });
    // summer time in Helsinki (UTC+3)
    expect(filterInstants(ok('storefront=fi&from=2026-07-01'))).toEqual({ from: '2026-06-30T21:00:00.000Z' });
    expect(filterInstants(ok(''))).toEqual({});
  });
});

describe('orderSearch', () => {
  it('seven or more digits: the order number only, typed with a # and spaces', () => {
    expect(orderSearch('#100 1007')).toEqual({ number: '1001007', email: null, name: null, postalCode: null });
  });
  it('with an @: the e-mail only, lower-cased', () => {
    expect(orderSearch('Anna@Example.SE')).toEqual({ number: null, email: 'anna@example.se', name: null, postalCode: null });
  });
  it('else a part of the name (collapsed) or a postal code without spaces', () => {
    expect(orderSearch('Anna   Svensson')).toEqual({ number: null, email: null, name: 'anna svensson', postalCode: null });
    expect(orderSearch('111 22')).toMatchObject({ name: '111 22', postalCode: '11122' });
    expect(orderSearch('1234 ab').postalCode).toBe('1234AB');
    expect(orderSearch('100000')).toMatchObject({ number: null, postalCode: '100000' });
  });
});
