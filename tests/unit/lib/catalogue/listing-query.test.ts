import { describe, expect, it } from 'vitest';
import {
  availabilityOf,
  EMPTY_QUERY,
  isRefined,
  listingSearch,
  MAX_FILTER_VALUES,
  parseListingQuery,
  parsePageNumber,
} from '#lib/catalogue/listing-query.ts';

const parse = (s: string) => parseListingQuery(new URLSearchParams(s));

describe('listing query', () => {
  it('reads repeated filters, price range, VAT mode and sort', () => {
    expect(parse('brand=zanussi&brand=bosch&sub=filter&stock=in-stock&min=100&max=250.5&vat=ex&sort=price-desc')).toEqual({
      brands: ['bosch', 'zanussi'],
      subs: ['filter'],
      stock: ['in-stock'],
      min: 100,
      max: 250.5,
      vatEx: true,
      sort: 'price-desc',
    });
  });

  it('drops bad values one by one and keeps the good ones', () => {
    expect(parse('brand=Bosch%20AG&brand=ok&stock=maybe&stock=on-order&min=-5&max=abc&sort=random&vat=in')).toEqual({
      brands: ['ok'],
      subs: [],
      stock: ['on-order'],
      vatEx: false,
    });
    expect(parse('min=&max=&sort=&vat=')).toEqual(EMPTY_QUERY);
  });

  it('swaps a reversed range, ignores vat=ex without a range, dedupes and caps repeats', () => {
    expect(parse('min=500&max=100')).toMatchObject({ min: 100, max: 500 });
    expect(parse('vat=ex').vatEx).toBe(false);
    expect(parse('brand=a&brand=a').brands).toEqual(['a']);
    const many = Array.from({ length: 50 }, (_, i) => `brand=b${i}`).join('&');
    expect(parse(many).brands).toHaveLength(MAX_FILTER_VALUES);
  });

  it('writes one canonical query string per selection, empty when unrefined', () => {
    const q = parse('sort=name&stock=in-stock&brand=zanussi&brand=bosch&min=10');
    expect(listingSearch(q)).toBe('?brand=bosch&brand=zanussi&stock=in-stock&min=10&sort=name');
    expect(parseListingQuery(new URLSearchParams(listingSearch(q).slice(1)))).toEqual(q);
    expect(listingSearch(EMPTY_QUERY)).toBe('');
    expect(isRefined(EMPTY_QUERY)).toBe(false);
    expect(isRefined(parse('sort=name'))).toBe(true);
    expect(isRefined(parse('max=9'))).toBe(true);
  });

  it('page numbers are positive integers without leading zeros', () => {
    expect(parsePageNumber('1')).toBe(1);
    expect(parsePageNumber('37')).toBe(37);
    for (const bad of [undefined, '', '0', '01', '-1', '1.5', '2e3', 'abc', '9999999']) expect(parsePageNumber(bad)).toBeUndefined();
  });

  it('groups stock statuses as a shopper reads them', () => {
    expect(availabilityOf('back-order-quick')).toBe('back-order');
    expect(availabilityOf('back-order-slow')).toBe('back-order');
    expect(availabilityOf('in-stock')).toBe('in-stock');
    expect(availabilityOf('discontinued')).toBe('discontinued');
    expect(availabilityOf('something-new')).toBe('out-of-stock');
  });
});
