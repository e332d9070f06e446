import { describe, expect, it } from 'vitest';
import { orderTimeline, paymentStepOf, settleEventOf, type TimelineEvent } from '#lib/orders/timeline.ts';

const PLACED = '2026-11-20T09:00:00.000Z';
const ev = (at: string, kind: string, from: string | null, to: string, event: string): TimelineEvent => ({
  at,
  kind,
  from_state: from,
  to_state: to,
  event,
});
const placedEvents = (paymentTo = 'authorized') => [
  ev(PLACED, 'order', 'pending_payment', 'placed', 'place'),
  ev(PLACED, 'payment', 'pending', paymentTo, paymentTo === 'captured' ? 'capture' : 'authorize'),
];
const summary = (steps: ReturnType<typeof orderTimeline>) => steps.map((s) => [s.key, s.at, s.current]);

describe('orderTimeline', () => {
  it('a card order just placed: placed is current, paid and the rest are still to come', () => {
    const steps = orderTimeline({
      status: 'placed',
      placedAt: PLACED,
      paymentProvider: 'adyen',
      events: placedEvents(),
      shipment: null,
      deliveredAt: null,
    });
    expect(summary(steps)).toEqual([
      ['placed', PLACED, true],
      ['paid', null, false],
      ['picked', null, false],
      ['shipped', null, false],
      ['delivered', null, false],
    ]);
  });

  it('the shop’s own invoice is invoiced with the order itself', () => {
    const steps = orderTimeline({
      status: 'placed',
      placedAt: PLACED,
      paymentProvider: 'invoice',
      events: placedEvents(),
      shipment: null,
      deliveredAt: null,
    });
    expect(summary(steps).slice(0, 2)).toEqual([
      ['placed', PLACED, false],
      ['invoiced', PLACED, true],
    ]);
  });

  it('picked, shipped and delivered take their times from the events, the shipment and the delivery date (events in any order)', () => {
    const pick = '2026-11-21T08:00:00.000Z';
    const ship = '2026-11-21T15:30:00.000Z';
    const delivered = '2026-11-24T12:00:00.000Z';
    const events = [
      ev(ship, 'order', 'picked', 'shipped', 'ship'),
      ev(pick, 'order', 'paid', 'picked', 'pick'),
      ev(pick, 'payment', 'authorized', 'captured', 'capture'),
      ev(pick, 'order', 'placed', 'paid', 'mark_paid'),
      ev(delivered, 'order', 'shipped', 'delivered', 'deliver'),
      ev(pick, 'shipping', null, 'complete_session', 'complete_session'),
      ...placedEvents(),
    ];
    const steps = orderTimeline({
      status: 'delivered',
      placedAt: PLACED,
      paymentProvider: 'klarna',
      events,
      shipment: { carrier: 'PostNord', tracking_number: 'EEL1', tracking_url: 'https://t.example/EEL1', booked_at: ship },
      deliveredAt: '2026-11-24T10:00:00.000Z',
    });
    expect(summary(steps)).toEqual([
      ['placed', PLACED, false],
      ['paid', pick, false],
      ['picked', pick, false],
      ['shipped', ship, false],
      ['delivered', '2026-11-24T10:00:00.000Z', true],
    ]);
    expect(steps.every((s) => s.done)).toBe(true);
  });

  it('a payment captured at authorization counts as paid at once; Walley and Two are invoiced when captured', () => {
    const card = orderTimeline({
      status: 'placed',
      placedAt: PLACED,
      paymentProvider: 'adyen',
      events: placedEvents('captured'),
      shipment: null,
      deliveredAt: null,
    });
    expect(card[1]).toMatchObject({ key: 'paid', at: PLACED, done: true, current: true });
    const walley = orderTimeline({
      status: 'picked',
      placedAt: PLACED,
      paymentProvider: 'walley',
      events: [
        ...placedEvents(),
        ev('2026-11-22T10:00:00.000Z', 'payment', 'authorized', 'captured', 'capture'),
        ev('2026-11-22T10:00:00.000Z', 'order', 'placed', 'invoiced', 'invoice'),
        ev('2026-11-22T10:00:00.000Z', 'order', 'invoiced', 'picked', 'pick'),
      ],
      shipment: null,
      deliveredAt: null,
    });
    expect(summary(walley).slice(1, 3)).toEqual([
      ['invoiced', '2026-11-22T10:00:00.000Z', false],
      ['picked', '2026-11-22T10:00:00.000Z', true],
    ]);
  });

  it('a cancelled order shows placed and cancelled, no payment step', () => {
    const at = '2026-11-20T10:00:00.000Z';
    const steps = orderTimeline({
      status: 'cancelled',
      placedAt: PLACED,
      paymentProvider: 'adyen',
      events: [...placedEvents(), ev(at, 'order', 'placed', 'cancelled', 'cancel')],
      shipment: null,
      deliveredAt: null,
    });
    expect(summary(steps)).toEqual([
      ['placed', PLACED, false],
      ['cancelled', at, true],
    ]);
  });
});

describe('payment step and settle event per provider', () => {
  it('invoices are invoiced, cards and Klarna paid', () => {
    expect(['invoice', 'walley', 'two', 'adyen', 'klarna'].map((p) => [paymentStepOf(p), settleEventOf(p)])).toEqual([
      ['invoiced', 'invoice'],
      ['invoiced', 'invoice'],
      ['invoiced', 'invoice'],
      ['paid', 'mark_paid'],
      ['paid', 'mark_paid'],
    ]);
  });
});
