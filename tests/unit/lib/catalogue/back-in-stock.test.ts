import { describe, expect, it } from 'vitest';
import {
  canOrderNow,
  confirmOutcome,
  isDueForNotification,
  nextSlotStart,
  notificationSlots,
  offersStockAlert,
  orderableByStatus,
  stockAlertFormSchema,
  stockAlertState,
} from '#lib/catalogue/back-in-stock.ts';
import { STOCK_STATUSES } from '#lib/catalogue/types.ts';

const pending = { confirmed_at: null, ended_at: null };
const waiting = { confirmed_at: '2026-11-27T10:00:00.000Z', ended_at: null };
const ended = { confirmed_at: '2026-11-27T10:00:00.000Z', ended_at: '2026-11-28T10:00:00.000Z' };

describe('which products offer the form', () => {
  it('a notifyable product that cannot be ordered now: out of stock, discontinued, or not orderable', () => {
    expect(offersStockAlert({ notifyable: true, orderable: false, stock_status: 'out-of-stock' })).toBe(true);
    expect(offersStockAlert({ notifyable: true, orderable: true, stock_status: 'discontinued' })).toBe(true);
    expect(offersStockAlert({ notifyable: true, orderable: false, stock_status: 'in-stock' })).toBe(true);
    expect(offersStockAlert({ notifyable: true, orderable: true, stock_status: 'back-order-slow' })).toBe(false);
    expect(offersStockAlert({ notifyable: false, orderable: false, stock_status: 'out-of-stock' })).toBe(false);
  });

  it('the stock status alone decides orderability for the operator’s edits', () => {
    expect(STOCK_STATUSES.filter((s) => !orderableByStatus(s))).toEqual(['out-of-stock', 'discontinued']);
    expect(canOrderNow({ orderable: true, stock_status: 'on-order' })).toBe(true);
    expect(canOrderNow({ orderable: false, stock_status: 'in-stock' })).toBe(false);
  });
});

describe('a request’s states', () => {
  it('pending until confirmed, waiting until ended; only a waiting one is notified, and only when it can be ordered', () => {
    expect([pending, waiting, ended].map(stockAlertState)).toEqual(['pending', 'waiting', 'ended']);
    const inStock = { orderable: true, stock_status: 'in-stock' };
    expect(isDueForNotification(pending, inStock)).toBe(false);
    expect(isDueForNotification(waiting, inStock)).toBe(true);
    expect(isDueForNotification(ended, inStock)).toBe(false);
    expect(isDueForNotification(waiting, { orderable: false, stock_status: 'out-of-stock' })).toBe(false);
  });

  it('confirming: pending → confirmed, a second click is harmless, an ended request stays ended', () => {
    expect(confirmOutcome(pending)).toBe('confirmed');
    expect(confirmOutcome(waiting)).toBe('already_confirmed');
    expect(confirmOutcome(ended)).toBe('ended');
    expect(confirmOutcome({ confirmed_at: null, ended_at: '2026-11-28T10:00:00.000Z' })).toBe('ended');
  });
});

describe('sending at most N a minute', () => {
  const t0 = new Date('2026-11-27T10:00:00.000Z');
  it('spreads a batch evenly', () => {
    expect(notificationSlots(t0, 3, 60).map((d) => d.toISOString())).toEqual([
      '2026-11-27T10:00:00.000Z',
      '2026-11-27T10:00:01.000Z',
      '2026-11-27T10:00:02.000Z',
    ]);
    expect(notificationSlots(t0, 2, 2)[1]!.toISOString()).toBe('2026-11-27T10:00:30.000Z');
  });
  it('starts a new batch after the slots already given out, never in the past', () => {
    expect(nextSlotStart(t0, null, 60)).toEqual(t0);
    expect(nextSlotStart(t0, new Date('2026-11-27T10:05:00.000Z'), 60).toISOString()).toBe('2026-11-27T10:05:01.000Z');
    expect(nextSlotStart(t0, new Date('2026-11-27T09:00:00.000Z'), 60)).toEqual(t0);
  });
});

describe('the form', () => {
  it('takes a product id and an e-mail, trimmed', () => {
    expect(stockAlertFormSchema.parse({ product_id: '42', email: ' a@b.se ' })).toEqual({ product_id: 42, email: 'a@b.se' });
    for (const bad of [
      { product_id: '42', email: 'nope' },
      { product_id: '0', email: 'a@b.se' },
      { product_id: 'x', email: 'a@b.se' },
      { product_id: '42', email: `${'a'.repeat(250)}@b.se` },
    ])
      expect(stockAlertFormSchema.safeParse(bad).success).toBe(false);
  });
});
