import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '#server/orders/order-record.ts';
import { withdrawalPeriodOf } from '#server/returns/withdrawal-of-order.ts';

/** Only the facts the rule reads. */
const order = (over: Partial<OrderRecord>): OrderRecord =>
  ({
    status: 'delivered',
    locale: 'sv',
    deliveredAt: '2026-11-24T10:00:00Z',
    withdrawalInformedAt: '2026-11-20T09:00:00Z',
    details: { customer: { type: 'consumer' } },
    ...over,
  }) as unknown as OrderRecord;

const NOW = new Date('2026-11-26T12:00:00Z');

describe('the art. 10 record decides the deadline (docs/adr/0023-withdrawal-from-the-first-minute.md)', () => {
  it('informed (withdrawal_informed_at set): 14 days after delivery', () => {
    expect(withdrawalPeriodOf(order({}), NOW)).toEqual({ open: true, path: 'return', deadline: '2026-12-08' });
  });
  it('no record (null): 12 months longer', () => {
    expect(withdrawalPeriodOf(order({ withdrawalInformedAt: null }), NOW)).toEqual({ open: true, path: 'return', deadline: '2027-12-08' });
  });
  it('shipped, not delivered: open as a return without an end yet; business buyers have none', () => {
    expect(withdrawalPeriodOf(order({ status: 'shipped', deliveredAt: null }), NOW)).toEqual({
      open: true,
      path: 'return',
      deadline: null,
    });
    const business = order({ details: { customer: { type: 'business' } } as OrderRecord['details'] });
    expect(withdrawalPeriodOf(business, NOW)).toEqual({ open: false, reason: 'business_buyer' });
  });
});
