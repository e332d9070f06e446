import { describe, expect, it } from 'vitest';
import { addWorkingDays, deliveryDates, deliveryEstimate, formatDeliveryDate } from '#lib/catalogue/delivery-estimate.ts';

const day = (s: string) => new Date(`${s}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);

describe('delivery estimate', () => {
  it('counts working days and skips weekends', () => {
    expect(iso(addWorkingDays(day('2026-11-23'), 1))).toBe('2026-11-24'); // Mon → Tue
    expect(iso(addWorkingDays(day('2026-11-27'), 1))).toBe('2026-11-30'); // Fri → Mon
    expect(iso(addWorkingDays(day('2026-11-28'), 1))).toBe('2026-11-30'); // Sat → Mon
    expect(iso(addWorkingDays(day('2026-11-22'), 5))).toBe('2026-11-27'); // Sun → Fri
    expect(iso(addWorkingDays(day('2026-11-23'), 0))).toBe('2026-11-23');
  });
  it('gives 1–3, 4–6 and 5–7 working days for the three stock statuses', () => {
    const mon = day('2026-11-23');
    expect(deliveryEstimate('in-stock', mon)).toMatchObject({ kind: 'window', min: 1, max: 3 });
    const inStock = deliveryEstimate('in-stock', mon);
    if (inStock.kind !== 'window') throw new Error('expected window');
    expect([iso(inStock.from), iso(inStock.to)]).toEqual(['2026-11-24', '2026-11-26']);
    const quick = deliveryEstimate('back-order-quick', mon);
    if (quick.kind !== 'window') throw new Error('expected window');
    expect([iso(quick.from), iso(quick.to)]).toEqual(['2026-11-27', '2026-12-01']); // over a weekend
    const slow = deliveryEstimate('back-order-slow', day('2026-11-27')); // Friday
    if (slow.kind !== 'window') throw new Error('expected window');
    expect([iso(slow.from), iso(slow.to)]).toEqual(['2026-12-04', '2026-12-08']);
  });
  it('other statuses show their own text', () => {
    for (const s of ['out-of-stock', 'on-order', 'discontinued', 'whatever']) {
      expect(deliveryEstimate(s, day('2026-11-23'))).toEqual({ kind: 'status', status: s });
    }
  });
  it('shows a back-order as out of stock when delivery dates are off; in-stock keeps its window', () => {
    expect(deliveryEstimate('back-order-quick', day('2026-11-23'), false)).toEqual({ kind: 'status', status: 'out-of-stock' });
    expect(deliveryEstimate('back-order-slow', day('2026-11-23'), false)).toEqual({ kind: 'status', status: 'out-of-stock' });
    expect(deliveryEstimate('in-stock', day('2026-11-23'), false)).toMatchObject({ kind: 'window' });
  });
  it('home-page style shows only the end date', () => {
    const e = deliveryEstimate('in-stock', day('2026-11-23'));
    expect(deliveryDates(e, 'end').map(iso)).toEqual(['2026-11-26']);
    expect(deliveryDates(e, 'range').map(iso)).toEqual(['2026-11-24', '2026-11-26']);
    expect(deliveryDates(deliveryEstimate('discontinued', day('2026-11-23')), 'end')).toEqual([]);
  });
  it('formats dates per storefront language without shifting the day', () => {
    expect(formatDeliveryDate(day('2026-11-26'), 'sv-SE')).toMatch(/26 nov/);
    expect(formatDeliveryDate(day('2026-11-26'), 'fi-FI')).toMatch(/26\./);
  });
});
