import { describe, expect, it } from 'vitest';
import { parsePriceForm, samePrices, tiersText } from '#lib/backoffice/price-tiers-form.ts';

describe('the price edit form', () => {
  it('reads normal tiers in any order, with either decimal mark', () => {
    expect(parsePriceForm('5: 179,50\n1: 199', '')).toEqual({
      ok: true,
      prices: {
        n: [
          { q: 1, p: 199 },
          { q: 5, p: 179.5 },
        ],
      },
    });
  });

  it('derives a campaign tier’s original price and percent from the normal tier at its quantity', () => {
    const r = parsePriceForm('1: 200; 10: 150', '1: 150; 10: 120');
    expect(r).toEqual({
      ok: true,
      prices: {
        n: [
          { q: 1, p: 200 },
          { q: 10, p: 150 },
        ],
        c: [
          { q: 1, p: 150, o: 200, d: 25 },
          { q: 10, p: 120, o: 150, d: 20 },
        ],
      },
    });
  });

  it('refuses bad input with a reason', () => {
    expect(parsePriceForm('', '')).toMatchObject({ ok: false, error: 'tiers_need_one' });
    expect(parsePriceForm('5: 100', '')).toMatchObject({ ok: false, error: 'tiers_need_one' });
    expect(parsePriceForm('1: abc', '')).toMatchObject({ ok: false, error: 'tiers_format', line: '1: abc' });
    expect(parsePriceForm('1: 10.123', '')).toMatchObject({ ok: false, error: 'tiers_format' });
    expect(parsePriceForm('0: 10', '')).toMatchObject({ ok: false, error: 'tiers_format' });
    expect(parsePriceForm('1: 10; 1: 9', '')).toMatchObject({ ok: false, error: 'tiers_duplicate' });
    expect(parsePriceForm('1: 10; 5: 12', '')).toMatchObject({ ok: false, error: 'tiers_not_falling' });
    expect(parsePriceForm('1: 100', '1: 100')).toMatchObject({ ok: false, error: 'campaign_not_lower' });
    expect(parsePriceForm('1: 100', '1: 99999999999')).toMatchObject({ ok: false, error: 'tiers_format' });
  });

  it('writes tiers back as the form shows them, and compares price objects by their tiers', () => {
    expect(
      tiersText([
        { q: 5, p: 9.5 },
        { q: 1, p: 10 },
      ]),
    ).toBe('1: 10.00; 5: 9.50');
    const r = parsePriceForm(tiersText([{ q: 1, p: 10 }]), '1: 8');
    expect(r.ok && samePrices(r.prices, { n: [{ q: 1, p: 10 }], c: [{ q: 1, p: 8, o: 10, d: 20 }] })).toBe(true);
    expect(samePrices({ n: [{ q: 1, p: 10 }] }, { n: [{ q: 1, p: 10 }], c: [{ q: 1, p: 8, o: 10, d: 20 }] })).toBe(false);
  });
});
