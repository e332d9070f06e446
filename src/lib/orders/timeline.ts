/**
 * An order's timeline as the shopper sees it (docs/product/fulfilment.md#timeline): placed, paid or
 * invoiced, picked, shipped, delivered — each done or not, with its time — built from the order's stored
 * events (order_events), its shipment and its delivery date. Pure: the caller reads the rows.
 */
import type { OrderState } from './order-states.ts';

export type TimelineStepKey = 'placed' | 'paid' | 'invoiced' | 'picked' | 'shipped' | 'delivered' | 'cancelled';

export interface TimelineEvent {
  at: string;
  /** 'order' or 'payment' (other kinds, e.g. 'shipping', are the processor's and not shown). */
  kind: string;
  from_state: string | null;
  to_state: string;
  event: string;
}

export interface TimelineShipment {
  carrier: string;
  tracking_number: string;
  tracking_url: string | null;
  booked_at: string;
}

export interface TimelineInput {
  status: OrderState;
  placedAt: string;
  /** The payment provider that took the money ('invoice' is the shop's own invoice). */
  paymentProvider: string;
  events: readonly TimelineEvent[];
  shipment: TimelineShipment | null;
  deliveredAt: string | null;
}

export interface TimelineStep {
  key: TimelineStepKey;
  done: boolean;
  /** ISO time the step happened; null while it has not. */
  at: string | null;
  /** The last done step: where the order is now. */
  current: boolean;
}

/** Invoices (the shop's own, Walley's, Two's) are "invoiced" when charged; cards and Klarna are "paid". */
const INVOICE_PROVIDERS = new Set(['invoice', 'walley', 'two']);

export function paymentStepOf(paymentProvider: string): 'paid' | 'invoiced' {
  return INVOICE_PROVIDERS.has(paymentProvider) ? 'invoiced' : 'paid';
}

/** The order event that moves a placed order on when its payment is settled at the pick step. */
export function settleEventOf(paymentProvider: string): 'invoice' | 'mark_paid' {
  return paymentStepOf(paymentProvider) === 'invoiced' ? 'invoice' : 'mark_paid';
}

const byTime = (a: TimelineEvent, b: TimelineEvent) => Date.parse(a.at) - Date.parse(b.at);

export function orderTimeline(input: TimelineInput): TimelineStep[] {
  const events = [...input.events].sort(byTime);
  const orderAt = (to: string) => events.find((e) => e.kind === 'order' && e.to_state === to)?.at ?? null;
  const captureAt = events.find((e) => e.kind === 'payment' && e.to_state === 'captured')?.at ?? null;
  const payment = paymentStepOf(input.paymentProvider);
  // The shop's own invoice is issued with the order (its document and payment reference exist from then on).
  const settledAt = input.paymentProvider === 'invoice' ? (orderAt('placed') ?? input.placedAt) : (orderAt(payment) ?? captureAt);
  const steps: { key: TimelineStepKey; at: string | null }[] = [
    { key: 'placed', at: orderAt('placed') ?? input.placedAt },
    { key: payment, at: input.status === 'cancelled' ? null : settledAt },
    { key: 'picked', at: orderAt('picked') },
    { key: 'shipped', at: orderAt('shipped') ?? input.shipment?.booked_at ?? null },
    { key: 'delivered', at: input.deliveredAt ?? orderAt('delivered') },
  ];
  if (input.status === 'cancelled') steps.push({ key: 'cancelled', at: orderAt('cancelled') ?? input.placedAt });
  const visible = input.status === 'cancelled' ? steps.filter((s) => s.key === 'placed' || s.key === 'cancelled' || s.at) : steps;
  const lastDone = visible.reduce((last, s, i) => (s.at ? i : last), -1);
  return visible.map((s, i) => ({ key: s.key, done: s.at !== null, at: s.at, current: i === lastDone }));
}
