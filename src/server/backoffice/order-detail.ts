/**
 * The back office's order page data (docs/product/back-office-data.md#order-page): the order as fulfilment reads
 * it (readOrder), its returns, the e-mails the outbox holds for it and for its returns, staff's internal notes,
 * and the timeline of all of them. Amounts in minor units; totals and the VAT per rate are the order's own snapshot.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '#server/db/connection.ts';
import { readOrder, type OrderShipment } from '#server/orders/order-record.ts';
import { orderRow } from '#server/orders/order-reads.ts';
import type { OrderCompany, OrderLineDetail } from '#server/orders/order-details.ts';
import { InvalidRequestError, NotFoundError } from '#lib/errors/domain-errors.ts';
import { MAX_NOTE_LENGTH, orderHistory, type OrderHistoryEntry } from '#lib/backoffice/order-history.ts';
import type { CheckoutCustomer, CheckoutTotals, ServicePointView } from '#lib/api/checkout-contracts.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { OrderState, PaymentState } from '#lib/orders/order-states.ts';

export interface OrderNote {
  id: string;
  staffId: string;
  body: string;
  createdAt: string;
}

export interface OrderDetailReturn {
  rma: string;
  kind: string;
  status: string;
  reason: string | null;
  comment: string | null;
  lines: { line: number; sku: string; quantity: number }[];
  refundMinor: number;
  createdAt: string;
  refundedAt: string | null;
}

export interface OrderDetailMail {
  id: string;
  kind: string;
  to: string;
  status: string;
  createdAt: string;
  sentAt: string | null;
  lastError: string | null;
}

export interface OrderDetailView {
  number: string;
  storefront: LocaleCode;
  state: OrderState;
  placedAt: string;
  deliveredAt: string | null;
  lines: OrderLineDetail[];
  /** goods, discount, shipping, total, VAT and the VAT per rate (net, VAT, gross), in minor units. */
  totals: CheckoutTotals;
  coupons: string[];
  customer: {
    /** The account the order belongs to; null: a guest order. */
    accountId: number | null;
    email: string;
    details: Partial<CheckoutCustomer>;
  };
  /** The company account it was placed for, as the order keeps it (docs/product/company-accounts.md#orders); null: none. */
  company: OrderCompany | null;
  /** Checkout takes one address: it bills there, and delivers there unless a service point is chosen. */
  address: { name: string; company: string | null; street: string; postalCode: string; city: string };
  payment: {
    method: string;
    methodName: string;
    provider: string;
    providerReference: string | null;
    sessionId: string | null;
    invoiceReference: string | null;
    state: PaymentState | null;
    /** The order total the payment covers (authorised), what of it was captured, and refunded so far. */
    amountMinor: number;
    capturedMinor: number;
    refundedMinor: number;
  };
  shipping: {
    optionId: string;
    name: string;
    carrier: string;
    servedBy: string | null;
    servicePoint: ServicePointView | null;
    shipment: OrderShipment | null;
  };
  returns: OrderDetailReturn[];
  mails: OrderDetailMail[];
  notes: OrderNote[];
  timeline: OrderHistoryEntry[];
}

/** Payment states in which the order total was captured (pick captures it whole). */
const CAPTURED: readonly string[] = ['captured', 'partially_refunded', 'refunded'];

/** The order page's data; NotFoundError when there is no such (checkout-made) order. */
export async function orderDetail(db: Db, number: string): Promise<OrderDetailView> {
  const order = await readOrder(db, number);
  if (!order) throw new NotFoundError(`No order ${number}`, 'number');
  const d = order.details;
  const returnRows = await db.selectFrom('order_returns').selectAll().where('order_id', '=', number).orderBy('sequence').execute();
  const keys = [number, ...returnRows.map((r) => r.id)];
  const mailRows = await db
    .selectFrom('mail_outbox')
    .select(['id', 'kind', 'recipient', 'status', 'created_at', 'sent_at', 'last_error', 'dedupe_key'])
    .where((eb) => eb.or(keys.map((k) => eb('dedupe_key', 'like', `%:${k}`))))
    .orderBy('created_at')
    .execute();
  const noteRows = await db.selectFrom('order_notes').selectAll().where('order_id', '=', number).orderBy('created_at').execute();
  const returns = returnRows.map((r): OrderDetailReturn => ({
    rma: r.id,
    kind: r.kind,
    status: r.status,
    reason: r.reason,
    comment: r.comment,
    lines: JSON.parse(r.lines) as OrderDetailReturn['lines'],
    refundMinor: Number(r.refund_goods_minor) + Number(r.refund_shipping_minor),
    createdAt: r.created_at,
    refundedAt: r.refunded_at,
  }));
  const c = d.customer;
  return {
    number: order.number,
    storefront: order.locale,
    state: order.status,
    placedAt: order.placedAt,
    deliveredAt: order.deliveredAt,
    lines: d.lines,
    totals: d.totals,
    coupons: d.coupons,
    customer: { accountId: order.customerId, email: order.email, details: c },
    company: d.company ?? null,
    address: {
      name: [c.first_name, c.last_name].filter(Boolean).join(' '),
      company: c.company_name ?? null,
      street: c.street ?? '',
      postalCode: c.postal_code ?? '',
      city: c.city ?? '',
    },
    payment: {
      method: d.payment.method,
      methodName: d.payment.method_name,
      provider: d.payment.provider,
      providerReference: d.payment.provider_reference,
      sessionId: d.payment.session_id,
      invoiceReference: d.invoice_reference?.display ?? null,
      state: order.paymentStatus,
      amountMinor: order.totalMinor,
      capturedMinor: CAPTURED.includes(order.paymentStatus ?? '') ? order.totalMinor : 0,
      // a cancel after capture refunds the whole payment; returns refund what each of them fixed
      refundedMinor:
        order.paymentStatus === 'refunded'
          ? order.totalMinor
          : returns.filter((r) => r.refundedAt !== null).reduce((sum, r) => sum + r.refundMinor, 0),
    },
    shipping: {
      optionId: d.shipping.option_id,
      name: d.shipping.name,
      carrier: d.shipping.carrier,
      servedBy: d.shipping.served_by ?? null,
      servicePoint: d.shipping.service_point,
      shipment: order.shipment,
    },
    returns,
    mails: mailRows.map((m) => ({
      id: m.id,
      kind: m.kind,
      to: m.recipient,
      status: m.status,
      createdAt: m.created_at,
      sentAt: m.sent_at,
      lastError: m.last_error,
    })),
    notes: noteRows.map((n) => ({ id: n.id, staffId: n.staff_id, body: n.body, createdAt: n.created_at })),
    timeline: orderHistory({
      events: order.events,
      returns: returnRows.map((r) => ({ ...r, rma: r.id })),
      mails: mailRows,
      notes: noteRows,
    }),
  };
}

const noteSchema = z.object({
  staffId: z.string().trim().min(1).max(64),
  text: z.string().trim().min(1, 'Write the note first').max(MAX_NOTE_LENGTH, `At most ${MAX_NOTE_LENGTH} characters`),
});

/** Adds staff's internal note to an order (never shown to the customer); answers the stored note. */
export async function addOrderNote(db: Db, number: string, staffId: string, text: string, now = new Date()): Promise<OrderNote> {
  const parsed = noteSchema.safeParse({ staffId, text });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new InvalidRequestError(issue.message, issue.path[0] === 'text' ? 'text' : 'staff');
  }
  if (!(await orderRow(db, number))) throw new NotFoundError(`No order ${number}`, 'number');
  const note = { id: randomUUID(), order_id: number, staff_id: parsed.data.staffId, body: parsed.data.text, created_at: now.toISOString() };
  await db.insertInto('order_notes').values(note).execute();
  return { id: note.id, staffId: note.staff_id, body: note.body, createdAt: note.created_at };
}
