import { describe, expect, it } from 'vitest';
import { buildExperimentReports, formatReportTable } from '#lib/experiments/report.ts';

// 100 visitors per variant; control original: 10 buyers (12 orders), upselling: 18 buyers (20 orders).
const counts = {
  visitors: [
    { experiment: 'accessories', variant: 'upselling', visitors: '100' },
    { experiment: 'accessories', variant: 'original', visitors: 100n },
  ],
  adds: [
    { experiment: 'accessories', variant: 'original', visitors: 30, adds: 41 },
    { experiment: 'accessories', variant: 'upselling', visitors: 40, adds: 55 },
  ],
  orders: [
    { experiment: 'accessories', variant: 'original', currency: 'SEK', buyers: 10, orders: 12, revenue: 150_000 },
    { experiment: 'accessories', variant: 'upselling', currency: 'SEK', buyers: 17, orders: 19, revenue: 260_050 },
    { experiment: 'accessories', variant: 'upselling', currency: 'EUR', buyers: 1, orders: 1, revenue: 4_999 },
  ],
};

describe('buildExperimentReports', () => {
  it('computes the figures and the test against the control', () => {
    const [r] = buildExperimentReports(counts);
    expect(r.experiment).toBe('accessories');
    expect(r.control).toBe('original');
    const [original, upselling] = r.variants;
    expect(original).toMatchObject({ variant: 'original', control: true, visitors: 100, add_to_cart_visitors: 30, add_to_carts: 41 });
    expect(original).toMatchObject({ buyers: 10, orders: 12, conversion_rate: 0.1, vs_control: null });
    expect(original.revenue).toEqual([{ currency: 'SEK', revenue_minor: 150_000, per_visitor_minor: 1500 }]);
    expect(original.conversion_ci.low).toBeCloseTo(0.0552291, 6);
    expect(original.conversion_ci.high).toBeCloseTo(0.1743657, 6);
    expect(upselling).toMatchObject({ control: false, visitors: 100, buyers: 18, orders: 20, conversion_rate: 0.18 });
    expect(upselling.revenue).toEqual([
      { currency: 'EUR', revenue_minor: 4_999, per_visitor_minor: 50 },
      { currency: 'SEK', revenue_minor: 260_050, per_visitor_minor: 2601 },
    ]);
    expect(upselling.vs_control!.control).toBe('original');
    expect(upselling.vs_control!.z).toBeCloseTo(1.6302783, 5);
    expect(upselling.vs_control!.pValue).toBeCloseTo(0.1030427, 5);
    expect(upselling.vs_control!.significant).toBe(false);
  });

  it('prints one table per experiment, naming the control and the verdict', () => {
    const text = formatReportTable(buildExperimentReports(counts));
    expect(text).toContain('experiment accessories');
    expect(text).toMatch(/original \(control\)\s+100\s+30\s+41\s+10\s+12\s+10\.00 %\s+5\.52 % – 17\.44 %\s+1500 SEK/);
    expect(text).toMatch(/upselling\s+100\s+40\s+55\s+18\s+20\s+18\.00 %.*50 EUR, 2601 SEK\s+\+8\.00 pt, p=0\.1030 not significant/);
    expect(formatReportTable([])).toBe('no exposures recorded yet');
  });
});
