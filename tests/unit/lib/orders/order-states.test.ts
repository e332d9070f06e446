import { describe, expect, it } from 'vitest';
import {
  allowedEvents,
  isTerminal,
  ORDER_MACHINE,
  PAYMENT_MACHINE,
  transition,
  transitionOrder,
  transitionPayment,
  type OrderEvent,
  type OrderState,
  type PaymentEvent,
  type PaymentState,
} from '#lib/orders/order-states.ts';

const ORDER_ALLOWED: [OrderState, OrderEvent, OrderState][] = [
  ['pending_payment', 'place', 'placed'],
  ['pending_payment', 'cancel', 'cancelled'],
  ['placed', 'invoice', 'invoiced'],
  ['placed', 'mark_paid', 'paid'],
  ['placed', 'cancel', 'cancelled'],
  ['invoiced', 'pick', 'picked'],
  ['invoiced', 'cancel', 'cancelled'],
  ['paid', 'pick', 'picked'],
  ['paid', 'cancel', 'cancelled'],
  ['picked', 'ship', 'shipped'],
  ['picked', 'cancel', 'cancelled'],
  ['shipped', 'deliver', 'delivered'],
];

const PAYMENT_ALLOWED: [PaymentState, PaymentEvent, PaymentState][] = [
  ['pending', 'authorize', 'authorized'],
  ['pending', 'decline', 'declined'],
  ['pending', 'cancel', 'cancelled'],
  ['pending', 'expire', 'expired'],
  ['authorized', 'capture', 'captured'],
  ['authorized', 'cancel', 'cancelled'],
  ['captured', 'refund_partially', 'partially_refunded'],
  ['captured', 'refund_fully', 'refunded'],
  ['partially_refunded', 'refund_partially', 'partially_refunded'],
  ['partially_refunded', 'refund_fully', 'refunded'],
];

describe('order state machine', () => {
  it.each(ORDER_ALLOWED)('%s —%s→ %s', (from, event, to) => {
    expect(transitionOrder(from, event)).toEqual({ ok: true, record: { from, to, event } });
  });
  it('has exactly the allowed transitions', () => {
    const all = Object.entries(ORDER_MACHINE).flatMap(([from, edges]) => Object.entries(edges).map(([event, to]) => [from, event, to]));
    expect(all).toEqual(expect.arrayContaining(ORDER_ALLOWED));
    expect(all).toHaveLength(ORDER_ALLOWED.length);
  });
  it.each<[OrderState, OrderEvent]>([
    ['pending_payment', 'ship'],
    ['pending_payment', 'invoice'],
    ['placed', 'pick'],
    ['placed', 'deliver'],
    ['invoiced', 'mark_paid'],
    ['shipped', 'cancel'],
    ['delivered', 'cancel'],
    ['cancelled', 'place'],
    ['delivered', 'ship'],
  ])('refuses %s —%s→', (from, event) => {
    expect(transitionOrder(from, event)).toEqual({ ok: false, error: { code: 'invalid_transition', from, event } });
  });
  it('knows terminal states and allowed events', () => {
    expect(allowedEvents(ORDER_MACHINE, 'placed')).toEqual(['invoice', 'mark_paid', 'cancel']);
    expect(isTerminal(ORDER_MACHINE, 'delivered')).toBe(true);
    expect(isTerminal(ORDER_MACHINE, 'cancelled')).toBe(true);
    expect(isTerminal(ORDER_MACHINE, 'shipped')).toBe(false);
  });
});

describe('payment state machine', () => {
  it.each(PAYMENT_ALLOWED)('%s —%s→ %s', (from, event, to) => {
    expect(transitionPayment(from, event)).toEqual({ ok: true, record: { from, to, event } });
  });
  it('has exactly the allowed transitions', () => {
    const all = Object.entries(PAYMENT_MACHINE).flatMap(([from, edges]) => Object.entries(edges).map(([event, to]) => [from, event, to]));
    expect(all).toEqual(expect.arrayContaining(PAYMENT_ALLOWED));
    expect(all).toHaveLength(PAYMENT_ALLOWED.length);
  });
  it.each<[PaymentState, PaymentEvent]>([
    ['pending', 'capture'],
    ['pending', 'refund_fully'],
    ['authorized', 'refund_partially'],
    ['authorized', 'decline'],
    ['captured', 'cancel'],
    ['refunded', 'refund_partially'],
    ['declined', 'authorize'],
    ['expired', 'authorize'],
    ['cancelled', 'capture'],
    ['authorized', 'authorize'],
  ])('refuses %s —%s→', (from, event) => {
    expect(transitionPayment(from, event)).toEqual({ ok: false, error: { code: 'invalid_transition', from, event } });
  });
  it('terminal states', () => {
    for (const state of ['refunded', 'declined', 'cancelled', 'expired'] as const) expect(isTerminal(PAYMENT_MACHINE, state)).toBe(true);
    for (const state of ['pending', 'authorized', 'captured', 'partially_refunded'] as const)
      expect(isTerminal(PAYMENT_MACHINE, state)).toBe(false);
  });
});

describe('transition on values read from storage', () => {
  it('does not follow prototype keys or unknown states', () => {
    const unknownEvent = 'toString' as OrderEvent;
    expect(transition(ORDER_MACHINE, 'placed', unknownEvent).ok).toBe(false);
    expect(transition(ORDER_MACHINE, 'constructor' as OrderState, 'place').ok).toBe(false);
    expect(transition(ORDER_MACHINE, 'archived' as OrderState, 'place').ok).toBe(false);
    expect(allowedEvents(ORDER_MACHINE, 'archived' as OrderState)).toEqual([]);
  });
  it('every target state is a state of its machine', () => {
    for (const machine of [ORDER_MACHINE, PAYMENT_MACHINE]) {
      for (const edges of Object.values(machine)) for (const to of Object.values(edges)) expect(Object.keys(machine)).toContain(to);
    }
  });
});
