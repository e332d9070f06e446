/** The back office's company price forms (docs/product/company-prices.md#back-office). */
import { describe, expect, it } from 'vitest';
import { badPriceField, companyPriceFormSchema } from '#lib/company/company-price-forms.ts';

const parse = (f: Record<string, string>) => companyPriceFormSchema.safeParse(f);

describe('company price forms', () => {
  it('reads a percent with a comma or a point, 0 to 100', () => {
    expect(parse({ action: 'discount', category: 'A', percent: '12,5' }).data).toEqual({
      action: 'discount',
      category: 'A',
      percent: 12.5,
    });
    expect(parse({ action: 'discount', category: 'A', percent: '0' }).data).toMatchObject({ percent: 0 });
    for (const percent of ['101', '-1', 'ten', '12.345', ''])
      expect(parse({ action: 'discount', category: 'A', percent }).success, percent).toBe(false);
  });

  it('reads a price in the currency as minor units above zero', () => {
    expect(parse({ action: 'price', sku: 'WP-123', price: '1 234,50' }).data).toEqual({ action: 'price', sku: 'WP-123', price: 123_450 });
    for (const price of ['0', '-5', '1,234', 'abc', '99999999999'])
      expect(parse({ action: 'price', sku: 'X1', price }).success, price).toBe(false);
  });

  it('refuses odd categories and SKUs and names the field', () => {
    const bad = parse({ action: 'discount', category: '<script>', percent: '5' });
    expect(bad.success).toBe(false);
    expect(badPriceField(bad.error!)).toBe('category');
    const noSku = parse({ action: 'remove_price', sku: '' });
    expect(badPriceField(noSku.error!)).toBe('sku');
    expect(badPriceField(parse({ action: 'drop' }).error!)).toBe('action');
  });
});
