import { describe, expect, it } from 'vitest';
import { normalCdf, twoProportionTest, wilsonInterval } from '#lib/experiments/report-stats.ts';

// Reference figures: Wilson intervals and pooled two-proportion z-tests computed independently
// (statsmodels' proportion_confint(method="wilson") and proportions_ztest give the same numbers).
describe('wilsonInterval', () => {
  it('matches known 95 % intervals', () => {
    const a = wilsonInterval(10, 100);
    expect(a.low).toBeCloseTo(0.0552291, 6);
    expect(a.high).toBeCloseTo(0.1743657, 6);
    const b = wilsonInterval(30, 120);
    expect(b.low).toBeCloseTo(0.1810982, 6);
    expect(b.high).toBeCloseTo(0.3344114, 6);
  });
  it('stays inside [0, 1] at the edges and is empty without trials', () => {
    const none = wilsonInterval(0, 20);
    expect(none.low).toBe(0);
    expect(none.high).toBeCloseTo(0.1611252, 6);
    const all = wilsonInterval(20, 20);
    expect(all.high).toBe(1);
    expect(all.low).toBeCloseTo(1 - 0.1611252, 6);
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 0 });
  });
});

describe('twoProportionTest', () => {
  it('matches known z and two-sided p-values', () => {
    const t = twoProportionTest(250, 1000, 200, 1000)!;
    expect(t.difference).toBeCloseTo(0.05, 12);
    expect(t.z).toBeCloseTo(2.6773978, 5);
    expect(t.pValue).toBeCloseTo(0.0074196, 5);
    expect(t.significant).toBe(true);
    const u = twoProportionTest(18, 100, 10, 100)!;
    expect(u.z).toBeCloseTo(1.6302783, 5);
    expect(u.pValue).toBeCloseTo(0.1030427, 5);
    expect(u.significant).toBe(false);
    const w = twoProportionTest(12, 120, 30, 120)!;
    expect(w.z).toBeCloseTo(-3.0578831, 5);
    expect(w.pValue).toBeCloseTo(0.0022291, 5);
    expect(w.significant).toBe(true);
  });
  it('has nothing to test without visitors or without any variation', () => {
    expect(twoProportionTest(1, 0, 1, 10)).toBeUndefined();
    expect(twoProportionTest(0, 50, 0, 50)).toBeUndefined();
    expect(twoProportionTest(50, 50, 40, 40)).toBeUndefined();
  });
  it('normalCdf is symmetric with known quantiles', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959963984540054)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1.644853627)).toBeCloseTo(0.05, 6);
  });
});
