/**
 * The operator's steps after the order (docs/product/fulfilment.md, docs/adr/0008-fulfilment-and-tracking.md):
 * pick (captures the payment through the provider that took it, exactly the order total, once), ship (books
 * the shipment with the order's shipping provider, stores it, queues the "shipped" e-mail) and deliver (the
 * delivery date). Every change goes through the pure state machines and is stored in order_events with source
 * 'operator'; the order row is updated only if it is still in the state the step started from, so two
 * operators (or a retried request) never apply a step twice. The endpoint and `npm run operator` call these.
 */
import type { Db } from '#server/db/connection.ts';
import { LOCALES } from '#lib/market/locales.ts';
import { transitionOrder, transitionPayment, type OrderState, type PaymentState } from '#lib/orders/order-states.ts';
import { settleEventOf } from '#lib/orders/timeline.ts';
import { ProviderRequestError } from '#server/providers/http-client.ts';
import { ProviderUnavailable } from '#server/providers/provider-unavailable.ts';
import { type PaymentState as ProviderPaymentState } from '#server/payments/payment-provider.ts';
import { providerById } from '#server/payments/provider-registry.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { kickMailDelivery } from '#server/mail/mail-worker.ts';
import { readOrder, readShipment, type OrderRecord, type OrderShipment } from '#server/orders/order-record.ts';
import { moveOrder, recordOrderEvents } from '#server/orders/order-writes.ts';
import { bookShipment, shippingProviderById, type ManualShipment } from './book-shipment.ts';
import { shippedMail } from './shipped-mail.ts';
import { FulfilmentRefused } from './fulfilment-refused.ts';
import { loggerFor } from '#server/telemetry/logger.ts';

const log = loggerFor('fulfilment');

export const OPERATOR_SOURCE = 'operator';

interface EventValues {
  kind: 'order' | 'payment';
  from: string;
  to: string;
  event: string;
}

async function orderOrRefuse(db: Db, number: string): Promise<OrderRecord> {
  const order = await readOrder(db, number);
  if (!order) throw new FulfilmentRefused('not_found', `no order ${number}`);
  return order;
}

function refuse(order: OrderRecord, step: string, why = `the order is ${order.status}`): never {
  throw new FulfilmentRefused('invalid_transition', `cannot ${step} order ${order.number}: ${why}`);
}

/** The order's next state for `event`, or a refusal naming where it stands. */
function nextOrderState(order: OrderRecord, from: OrderState, event: Parameters<typeof transitionOrder>[1], step: string) {
  const r = transitionOrder(from, event);
  if (!r.ok) refuse(order, step);
  return r.record;
}

/**
 * Writes the step: the row changes only if status and payment status are still what the step read (else
 * another request applied it first: refused like a repeated step), then its events, all in one transaction.
 */
async function commitStep(
  db: Db,
  order: OrderRecord,
  step: string,
  set: { status: OrderState; payment_status?: PaymentState; delivered_at?: string },
  events: EventValues[],
  now: Date,
  inside?: (trx: Db) => Promise<void>,
  source = OPERATOR_SOURCE,
): Promise<void> {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    if (!(await moveOrder(trx, order.number, order, set))) refuse(order, step, 'another request changed it first');
    await recordOrderEvents(
      trx,
      order.number,
      at,
      source,
      events.map((e) => ({ kind: e.kind, from_state: e.from, to_state: e.to, event: e.event })),
    );
    await inside?.(trx);
  });
}

/** The provider's answer as a refusal the operator can read; anything else is a fault of ours and thrown on. */
function providerFailure(err: unknown, what: string): never {
  if (err instanceof ProviderUnavailable) throw new FulfilmentRefused('provider_unavailable', `${what}: ${err.message}`);
  if (err instanceof ProviderRequestError) throw new FulfilmentRefused('provider_refused', `${what}: ${err.message}`);
  throw err;
}

/** Captures exactly the order total through the provider that took the payment; answers the new payment state. */
async function capture(order: OrderRecord): Promise<PaymentState> {
  const payment = order.details.payment;
  const provider = providerById(payment.provider);
  if (!provider) throw new FulfilmentRefused('provider_unavailable', `payment provider ${payment.provider} is not configured`);
  const state: ProviderPaymentState = {
    sessionId: payment.session_id ?? '',
    status: 'authorized',
    amountMinor: order.totalMinor,
    currency: order.currency || LOCALES[order.locale].currency,
    ...(payment.provider_reference ? { providerReference: payment.provider_reference } : {}),
  };
  let after: ProviderPaymentState;
  try {
    // Each adapter sends an idempotency key made of the payment and the amount: a retried pick cannot capture twice.
    after = await provider.capture(state, order.totalMinor);
  } catch (err) {
    providerFailure(err, `${provider.id} capture of order ${order.number}`);
  }
  if (after.status !== 'captured')
    throw new FulfilmentRefused('provider_refused', `${provider.id} reports the payment of ${order.number} as ${after.status}`);
  return 'captured';
}

/**
 * pick: a placed order is first settled (own invoice: invoiced with the order, nothing to capture; Walley and
 * Two: captured → invoiced; Adyen and Klarna: captured → paid), then picked.
 */
/** `source`: who did it, as the timeline shows it ('operator', or a staff member in the back office). */
export async function pickOrder(db: Db, number: string, now = new Date(), source = OPERATOR_SOURCE): Promise<OrderRecord> {
  const order = await orderOrRefuse(db, number);
  const provider = order.details.payment.provider;
  const events: EventValues[] = [];
  let state = order.status;
  if (state === 'placed') {
    const settled = nextOrderState(order, state, settleEventOf(provider), 'pick');
    events.push({ kind: 'order', ...settled });
    state = settled.to;
  }
  const picked = nextOrderState(order, state, 'pick', 'pick');
  events.push({ kind: 'order', ...picked });
  let paymentStatus = order.paymentStatus;
  if (paymentStatus === 'authorized' && provider !== 'invoice') {
    const captured = transitionPayment(paymentStatus, 'capture');
    if (!captured.ok) refuse(order, 'pick', `the payment is ${paymentStatus}`);
    paymentStatus = await capture(order);
    events.unshift({ kind: 'payment', ...captured.record });
  } else if (paymentStatus !== 'captured' && paymentStatus !== 'authorized') {
    refuse(order, 'pick', `the payment is ${paymentStatus ?? 'unknown'}`);
  }
  const set = { status: picked.to, ...(paymentStatus ? { payment_status: paymentStatus } : {}) };
  await commitStep(db, order, 'pick', set, events, now, undefined, source);
  return orderOrRefuse(db, number);
}

export interface ShipOptions {
  /** A parcel sent outside the shipping provider: its tracking number (and carrier, link) as the operator gives them. */
  manual?: ManualShipment;
  /** The packed parcel's weight; default 500 g per unit (products carry no weight yet). */
  weightGrams?: number;
  /** Who ships it, as the timeline shows it; default 'operator'. */
  source?: string;
}

/**
 * ship: books the shipment (or takes the manual one), stores it once per order, moves the order to shipped and
 * queues the "shipped" e-mail (one per order). A shipment booked by an earlier attempt that failed before the
 * transition is reused, so a repeated ship never books twice.
 */
export async function shipOrder(db: Db, number: string, opts: ShipOptions = {}, now = new Date()): Promise<OrderRecord> {
  const order = await orderOrRefuse(db, number);
  const shipped = nextOrderState(order, order.status, 'ship', 'ship');
  let shipment: OrderShipment | null = order.shipment;
  if (!shipment) {
    let booking: Awaited<ReturnType<typeof bookShipment>>;
    try {
      booking = await bookShipment(order, opts);
    } catch (err) {
      providerFailure(err, `booking the shipment of order ${order.number}`);
    }
    await db
      .insertInto('order_shipments')
      .values({ ...booking, order_id: order.number, booked_at: now.toISOString() })
      .onConflict((oc) => oc.column('order_id').doNothing())
      .execute();
    shipment = (await readShipment(db, number))!; // ours, or the one a concurrent ship stored first
  }
  const booked = shipment;
  await commitStep(
    db,
    order,
    'ship',
    { status: shipped.to },
    [{ kind: 'order', ...shipped }],
    now,
    (trx) => enqueueMail(trx, shippedMail(order, booked)).then(() => undefined),
    opts.source,
  );
  kickMailDelivery(db);
  return orderOrRefuse(db, number);
}

export interface DeliverOptions {
  /** When it was delivered (ISO time); default: the provider's tracking says so, else now. */
  deliveredAt?: string;
  /** Who marks it delivered, as the timeline shows it; default 'operator'. */
  source?: string;
}

/** deliver: the order is delivered; `delivered_at` is the day the right of withdrawal counts from. */
export async function deliverOrder(db: Db, number: string, opts: DeliverOptions = {}, now = new Date()): Promise<OrderRecord> {
  const order = await orderOrRefuse(db, number);
  const delivered = nextOrderState(order, order.status, 'deliver', 'deliver');
  const shippedAt = order.events.find((e) => e.kind === 'order' && e.to_state === 'shipped')?.at ?? order.placedAt;
  const within = (iso: string) => Date.parse(iso) <= now.getTime() && Date.parse(iso) >= Date.parse(shippedAt);
  if (opts.deliveredAt && !within(opts.deliveredAt))
    throw new FulfilmentRefused('invalid_request', `delivered_at must lie between the shipping (${shippedAt}) and now`);
  // A carrier's time outside shipping … now (clock skew) is not trusted: then now.
  const tracked = opts.deliveredAt ? null : await trackedDelivery(order);
  const at = opts.deliveredAt ?? (tracked && within(tracked) ? tracked : now.toISOString());
  await commitStep(
    db,
    order,
    'deliver',
    { status: delivered.to, delivered_at: new Date(at).toISOString() },
    [{ kind: 'order', ...delivered }],
    now,
    undefined,
    opts.source,
  );
  return orderOrRefuse(db, number);
}

/** The delivery time the shipping provider's tracking reports, when it does (best effort: the operator's word suffices). */
async function trackedDelivery(order: OrderRecord): Promise<string | null> {
  const s = order.shipment;
  if (!s?.shipment_id || s.provider === 'manual') return null;
  try {
    const events = await shippingProviderById(s.provider).tracking(s.shipment_id);
    return events.find((e) => e.status === 'delivered')?.at ?? null;
  } catch (err) {
    log.error({ err: err instanceof Error ? err.message : String(err), order: order.number }, 'tracking failed');
    return null;
  }
}
