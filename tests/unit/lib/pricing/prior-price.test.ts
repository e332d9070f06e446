import { describe, expect, it } from 'vitest';
import { announcedReduction, campaignPriorPrices, percentOffPrior, priorPrice, type PricePoint } from '#lib/pricing/prior-price.ts';

const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString();
const at = (n: number, minor: number): PricePoint => ({ at: day(n), minor });
const now = new Date(day(200));

describe('priorPrice', () => {
  it('is the lowest price of the 30 days before the reduction', () => {
    const h = [at(0, 129_900), at(50, 119_900), at(80, 135_900), at(100, 94_900)];
    // window day 70–100: 1 359 from day 80, 1 199 until day 80; 1 299 ended on day 50, outside
    expect(priorPrice(h, now)).toEqual({ minor: 119_900, reducedAt: day(100) });
  });

  it('ignores prices that ended before the window', () => {
    const h = [at(0, 90_000), at(10, 135_900), at(100, 94_900)];
    expect(priorPrice(h, now)?.minor).toBe(135_900);
  });

  it('keeps the price before the first step of a progressive reduction (art. 6a(5))', () => {
    const h = [at(0, 100_000), at(100, 90_000), at(120, 80_000), at(150, 70_000)];
    expect(priorPrice(h, now)).toEqual({ minor: 100_000, reducedAt: day(100) });
  });

  it('starts a new reduction after a rise', () => {
    const h = [at(0, 100_000), at(100, 80_000), at(110, 120_000), at(150, 110_000)];
    // window day 120–150: 1 200 (day 110–150); the 800 ended on day 110, before the window
    expect(priorPrice(h, now)).toEqual({ minor: 120_000, reducedAt: day(150) });
  });

  it('uses the time sold when the product was sold for less than 30 days', () => {
    const h = [at(190, 50_000), at(195, 40_000)];
    expect(priorPrice(h, now)).toEqual({ minor: 50_000, reducedAt: day(195) });
  });

  it('folds repeated records of the same price (a re-import) into one', () => {
    const h = [at(0, 100_000), at(150, 100_000), at(160, 80_000)];
    expect(priorPrice(h, now)).toEqual({ minor: 100_000, reducedAt: day(160) });
  });

  it('announces no reduction without history, after a rise, or when a lower price was in the window', () => {
    expect(priorPrice([], now)).toBeNull();
    expect(priorPrice([at(0, 80_000)], now)).toBeNull();
    expect(priorPrice([at(0, 80_000), at(100, 100_000)], now)).toBeNull();
    // 700 in the window before the step to 900: 900 is no reduction against the prior price
    expect(priorPrice([at(0, 100_000), at(90, 70_000), at(95, 100_000), at(100, 90_000)], now)).toBeNull();
  });

  it('ignores prices recorded for the future (a campaign not yet started)', () => {
    const h = [at(0, 100_000), at(250, 80_000)];
    expect(priorPrice(h, now)).toBeNull();
    expect(priorPrice(h, new Date(day(251)))?.minor).toBe(100_000);
  });

  it('takes the points in any order', () => {
    expect(priorPrice([at(100, 90_000), at(0, 100_000)], now)?.minor).toBe(100_000);
  });
});

describe('percentOffPrior', () => {
  it('measures the reduction from the prior price', () => {
    expect(percentOffPrior(94_900, 135_900)).toBe(30);
    expect(percentOffPrior(100, 0)).toBe(0);
  });
});

describe('announcedReduction', () => {
  const prices = {
    n: [
      { q: 1, p: 1359 },
      { q: 5, p: 1259 },
    ],
    c: [
      { q: 1, p: 949, o: 1359, d: 30 },
      { q: 5, p: 899, o: 1259, d: 29 },
    ],
  };
  const reducedAt = day(100);

  it('strikes the prior price and measures the percent from it, per tier', () => {
    const prior = { 1: { minor: 119_900, reducedAt }, 5: { minor: 125_900, reducedAt } };
    expect(announcedReduction(prices, prior, 1)).toEqual({ prior: 1199, percent: 21 });
    expect(announcedReduction(prices, prior, 7)).toEqual({ prior: 1259, percent: 29 });
    expect(campaignPriorPrices(prices, prior)).toEqual([
      { q: 1, minor: 119_900, reduced_at: reducedAt },
      { q: 5, minor: 125_900, reduced_at: reducedAt },
    ]);
  });

  it('announces nothing without a campaign, without a prior price, or when the prior price is not higher', () => {
    expect(announcedReduction({ n: prices.n }, { 1: { minor: 200_000, reducedAt } })).toBeNull();
    expect(announcedReduction(prices, {})).toBeNull();
    expect(announcedReduction(prices, { 1: { minor: 94_900, reducedAt } })).toBeNull();
    expect(campaignPriorPrices(prices, { 5: { minor: 125_900, reducedAt } })).toEqual([{ q: 5, minor: 125_900, reduced_at: reducedAt }]);
  });

  it('works in cents for euro prices', () => {
    const eur = { n: [{ q: 1, p: 19.95 }], c: [{ q: 1, p: 14.95, o: 19.95, d: 25 }] };
    expect(announcedReduction(eur, { 1: { minor: 1995, reducedAt } })).toEqual({ prior: 19.95, percent: 25 });
  });
});
