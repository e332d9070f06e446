import { describe, expect, it } from 'vitest';
import { withdrawalDeadline, withdrawalPath, withdrawalPeriod } from '#lib/returns/withdrawal-period.ts';

const consumer = { deliveredAt: null, customerType: 'consumer' as const, locale: 'sv' as const, informed: true };
const NOW = '2026-11-26T12:00:00Z';

describe('withdrawal path', () => {
  it('cancels an order that has not left the warehouse', () => {
    for (const s of ['placed', 'invoiced', 'paid', 'picked'] as const) expect(withdrawalPath(s)).toBe('cancel');
  });
  it('returns the goods once shipped or delivered', () => {
    expect(withdrawalPath('shipped')).toBe('return');
    expect(withdrawalPath('delivered')).toBe('return');
  });
  it('has nothing to withdraw from before the order is placed or after it is cancelled', () => {
    expect(withdrawalPath('pending_payment')).toBeNull();
    expect(withdrawalPath('cancelled')).toBeNull();
  });
});

describe('withdrawal period from the first minute', () => {
  it('is open right after ordering, as a cancellation without a known end', () => {
    expect(withdrawalPeriod({ ...consumer, status: 'placed' }, NOW)).toEqual({ open: true, path: 'cancel', deadline: null });
    expect(withdrawalPeriod({ ...consumer, status: 'paid' }, NOW)).toEqual({ open: true, path: 'cancel', deadline: null });
  });
  it('is open while shipped, as a return', () => {
    expect(withdrawalPeriod({ ...consumer, status: 'shipped' }, NOW)).toEqual({ open: true, path: 'return', deadline: null });
  });
  it('stays open while shipped and not delivered, informed or not: the end counts from a delivery not yet known', () => {
    for (const informed of [true, false])
      expect(withdrawalPeriod({ ...consumer, status: 'shipped', informed }, '2028-06-01T12:00:00Z')).toEqual({
        open: true,
        path: 'return',
        deadline: null,
      });
  });
  it('counts from the delivery once it is recorded', () => {
    const shipped = { ...consumer, status: 'shipped' as const, deliveredAt: '2026-11-24T10:00:00Z' };
    expect(withdrawalPeriod(shipped, NOW)).toEqual({ open: true, path: 'return', deadline: '2026-12-08' });
    expect(withdrawalPeriod({ ...shipped, informed: false }, NOW)).toEqual({ open: true, path: 'return', deadline: '2027-12-08' });
  });
  it('ends 14 days after delivery, with the holiday rule', () => {
    const delivered = { ...consumer, status: 'delivered' as const, deliveredAt: '2026-11-24T10:00:00Z' };
    expect(withdrawalPeriod(delivered, '2026-12-08T22:59:00Z')).toEqual({ open: true, path: 'return', deadline: '2026-12-08' });
    expect(withdrawalPeriod(delivered, '2026-12-08T23:01:00Z')).toEqual({ open: false, reason: 'expired', deadline: '2026-12-08' });
  });
  it('is refused to business buyers (the shop policy applies) and on a cancelled or unpaid order', () => {
    expect(withdrawalPeriod({ ...consumer, status: 'placed', customerType: 'business' }, NOW)).toEqual({
      open: false,
      reason: 'business_buyer',
    });
    expect(withdrawalPeriod({ ...consumer, status: 'cancelled' }, NOW)).toEqual({ open: false, reason: 'cancelled' });
    expect(withdrawalPeriod({ ...consumer, status: 'pending_payment' }, NOW)).toEqual({ open: false, reason: 'not_placed' });
  });
});

describe('12 months longer where the shop did not inform (art. 10)', () => {
  it('extends the initial end by 12 months', () => {
    expect(withdrawalDeadline('2026-11-24T10:00:00Z', 'sv', true)).toBe('2026-12-08');
    expect(withdrawalDeadline('2026-11-24T10:00:00Z', 'sv', false)).toBe('2027-12-08');
  });
  it('moves an extended end that falls on a day off to the next working day', () => {
    // Initial end 2026-12-28 (Christmas in Sweden); 2027-12-28 is a Tuesday.
    expect(withdrawalDeadline('2026-12-10T12:00:00Z', 'sv', false)).toBe('2027-12-28');
    // Initial end Mon 2026-11-30 → Tue 2027-11-30; initial end Fri 2026-12-04 → Sat 2027-12-04 → Mon 2027-12-06.
    expect(withdrawalDeadline('2026-11-20T12:00:00Z', 'sv', false)).toBe('2027-12-06');
  });
  it('keeps the period open in the extension', () => {
    const late = { ...consumer, status: 'delivered' as const, deliveredAt: '2026-11-24T10:00:00Z', informed: false };
    expect(withdrawalPeriod(late, '2027-06-01T12:00:00Z')).toEqual({ open: true, path: 'return', deadline: '2027-12-08' });
  });
});
