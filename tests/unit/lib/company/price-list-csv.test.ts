/** A company's price list as CSV (docs/product/company-prices.md#back-office). */
import { describe, expect, it } from 'vitest';
import { parsePriceList, PRICE_LIST_MAX_LINES } from '#lib/company/price-list-csv.ts';

describe('parsePriceList', () => {
  it('reads semicolon, tab and comma files, a header, quotes, decimal commas and a BOM', () => {
    const r = parsePriceList('\uFEFFsku;price\r\nWP-1;199,50\n\nWP-2\t1 234\n"WP-3","99.90"\nWP-4,12,5\n');
    expect(r.problems).toEqual([]);
    expect(r.lines).toEqual([
      { sku: 'WP-1', priceMinor: 19_950 },
      { sku: 'WP-2', priceMinor: 123_400 },
      { sku: 'WP-3', priceMinor: 9_990 },
      { sku: 'WP-4', priceMinor: 1_250 },
    ]);
    expect(r.tooLong).toBe(false);
  });

  it('takes the last price of a SKU listed twice', () => {
    expect(parsePriceList('A1;10\nA1;12').lines).toEqual([{ sku: 'A1', priceMinor: 1_200 }]);
  });

  it('reports every bad line by its number, the header only on the first line', () => {
    const r = parsePriceList('A1;10\nnothing here\n<b>;5\nA2;zero\nA3;0\nA4;-3');
    expect(r.problems).toEqual([
      { line: 2, reason: 'columns' },
      { line: 3, reason: 'sku' },
      { line: 4, reason: 'price' },
      { line: 5, reason: 'price' },
      { line: 6, reason: 'price' },
    ]);
    expect(r.lines).toEqual([{ sku: 'A1', priceMinor: 1_000 }]);
  });

  it('says when a file has too many lines', () => {
    const text = Array.from({ length: PRICE_LIST_MAX_LINES + 1 }, (_, i) => `S${i};1`).join('\n');
    expect(parsePriceList(text).tooLong).toBe(true);
  });
});
