/**
 * Order and payment state machines as data, and a pure `transition` over them. A successful
 * transition returns the record {from, to, event} that the caller stores together with the time
 * and the source (webhook, admin, job); a refused one returns an error and changes nothing.
 *
 * Order:   pending_payment →place→ placed →invoice→ invoiced ┐
 *                                         →mark_paid→ paid     ┴→pick→ picked →ship→ shipped →deliver→ delivered
 *          pending_payment | placed | invoiced | paid | picked →cancel→ cancelled (a withdrawal before shipping,
 *          docs/product/legal.md#withdrawal-from-the-first-minute-consumer-rights-directive-201183eu-art-911a; nothing shipped or delivered can be cancelled)
 * Payment: pending →authorize→ authorized →capture→ captured →refund_partially→ partially_refunded
 *          captured | partially_refunded →refund_fully→ refunded; further partial refunds stay in
 *          partially_refunded; pending →decline|cancel|expire→ declined|cancelled|expired;
 *          authorized →cancel→ cancelled (the authorisation is voided).
 */

export type StateMachine<S extends string, E extends string> = { readonly [K in S]: Readonly<Partial<Record<E, S>>> };

export interface TransitionRecord<S extends string, E extends string> {
  from: S;
  to: S;
  event: E;
}

export type TransitionResult<S extends string, E extends string> =
  { ok: true; record: TransitionRecord<S, E> } | { ok: false; error: { code: 'invalid_transition'; from: S; event: E } };

export type OrderState = 'pending_payment' | 'placed' | 'invoiced' | 'paid' | 'picked' | 'shipped' | 'delivered' | 'cancelled';
export type OrderEvent = 'place' | 'invoice' | 'mark_paid' | 'pick' | 'ship' | 'deliver' | 'cancel';

export const ORDER_MACHINE: StateMachine<OrderState, OrderEvent> = {
  pending_payment: { place: 'placed', cancel: 'cancelled' },
  placed: { invoice: 'invoiced', mark_paid: 'paid', cancel: 'cancelled' },
  invoiced: { pick: 'picked', cancel: 'cancelled' },
  paid: { pick: 'picked', cancel: 'cancelled' },
  picked: { ship: 'shipped', cancel: 'cancelled' },
  shipped: { deliver: 'delivered' },
  delivered: {},
  cancelled: {},
};

export type PaymentState = 'pending' | 'authorized' | 'captured' | 'partially_refunded' | 'refunded' | 'declined' | 'cancelled' | 'expired';
export type PaymentEvent = 'authorize' | 'capture' | 'refund_partially' | 'refund_fully' | 'decline' | 'cancel' | 'expire';

export const PAYMENT_MACHINE: StateMachine<PaymentState, PaymentEvent> = {
  pending: { authorize: 'authorized', decline: 'declined', cancel: 'cancelled', expire: 'expired' },
  authorized: { capture: 'captured', cancel: 'cancelled' },
  captured: { refund_partially: 'partially_refunded', refund_fully: 'refunded' },
  partially_refunded: { refund_partially: 'partially_refunded', refund_fully: 'refunded' },
  refunded: {},
  declined: {},
  cancelled: {},
  expired: {},
};

/** S and E are inferred from the machine alone, so any state/event of that machine type-checks. */
export function transition<S extends string, E extends string>(
  machine: StateMachine<S, E>,
  from: NoInfer<S>,
  event: NoInfer<E>,
): TransitionResult<S, E> {
  // hasOwn: values may come from the database, and 'toString' must not resolve to a prototype key.
  const edges: Partial<Record<E, S>> | undefined = Object.hasOwn(machine, from) ? machine[from] : undefined;
  const to = edges && Object.hasOwn(edges, event) ? edges[event] : undefined;
  return to === undefined ? { ok: false, error: { code: 'invalid_transition', from, event } } : { ok: true, record: { from, to, event } };
}

export function transitionOrder(state: OrderState, event: OrderEvent): TransitionResult<OrderState, OrderEvent> {
  return transition(ORDER_MACHINE, state, event);
}

export function transitionPayment(state: PaymentState, event: PaymentEvent): TransitionResult<PaymentState, PaymentEvent> {
  return transition(PAYMENT_MACHINE, state, event);
}

/** Events accepted in `state` (e.g. for admin buttons). Terminal states return []. */
export function allowedEvents<S extends string, E extends string>(machine: StateMachine<S, E>, state: S): E[] {
  return Object.hasOwn(machine, state) ? (Object.keys(machine[state]) as E[]) : [];
}

export function isTerminal<S extends string, E extends string>(machine: StateMachine<S, E>, state: S): boolean {
  return allowedEvents(machine, state).length === 0;
}
