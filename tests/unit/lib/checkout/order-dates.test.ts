import { describe, expect, it } from 'vitest';
import { deliveryWindow, formatPlacedAt, orderDay } from '#lib/checkout/order-dates.ts';

describe('confirmation dates', () => {
  it('takes the order day in the storefront time zone', () => {
    // 23:30 UTC on Thursday is Friday 01:30 in Helsinki; 21:30 UTC is still Thursday in Amsterdam
    expect(orderDay('2026-11-26T23:30:00Z', 'fi').toISOString().slice(0, 10)).toBe('2026-11-27');
    expect(orderDay('2026-11-26T21:30:00Z', 'nl').toISOString().slice(0, 10)).toBe('2026-11-26');
  });
  it('counts the delivery window in working days from the order day', () => {
    // Friday 27 Nov 2026: 1–3 working days → Monday 30 Nov – Wednesday 2 Dec
    const w = deliveryWindow('2026-11-27T10:00:00Z', 1, 3, 'sv');
    expect(w.from).toMatch(/30/);
    expect(w.to).toMatch(/2 dec/);
  });
  it('writes the placing time in the storefront language', () => {
    expect(formatPlacedAt('2026-11-27T10:00:00Z', 'sv')).toMatch(/27 november 2026/);
  });
});
