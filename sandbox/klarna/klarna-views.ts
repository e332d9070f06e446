/** The emulator's records in Klarna's answer shapes (KP session read, HPP session read, MerchantOrderDto). */
import type { HppSession, KlarnaContext, KlarnaOrder, KpSession } from './klarna-state.ts';
import { sum } from './klarna-state.ts';

const iso = (ms: number): string => new Date(ms).toISOString();

export function kpSessionView(s: KpSession): Record<string, unknown> {
  return { ...s.data, status: s.status, client_token: s.clientToken, expires_at: iso(s.expiresAt) };
}

/** SessionResponseV1 — also the `session` of a status callback ("exactly the same as the read"). */
export function hppSessionView(h: HppSession): Record<string, unknown> {
  return {
    session_id: h.id,
    status: h.status,
    updated_at: iso(h.updatedAt),
    expires_at: iso(h.expiresAt),
    ...(h.authorizationToken ? { authorization_token: h.authorizationToken } : {}),
    ...(h.orderId ? { order_id: h.orderId } : {}),
  };
}

export function orderStatus(o: KlarnaOrder, now = Date.now()): string {
  const captured = sum(o.captures);
  if (o.cancelled) return 'CANCELLED';
  if (captured === 0) return now > o.expiresAt ? 'EXPIRED' : 'AUTHORIZED';
  return captured < o.data.order_amount ? 'PART_CAPTURED' : 'CAPTURED';
}

export function orderView(ctx: KlarnaContext, o: KlarnaOrder): Record<string, unknown> {
  const captured = sum(o.captures);
  const status = orderStatus(o);
  const open = status === 'AUTHORIZED' || status === 'PART_CAPTURED';
  const path = `${ctx.apiBase}/ordermanagement/v1/orders/${o.id}`;
  return {
    order_id: o.id,
    status,
    fraud_status: 'ACCEPTED',
    order_amount: o.data.order_amount,
    original_order_amount: o.data.order_amount,
    captured_amount: captured,
    refunded_amount: sum(o.refunds),
    remaining_authorized_amount: open ? o.data.order_amount - captured : 0,
    purchase_currency: o.data.purchase_currency,
    purchase_country: o.data.purchase_country,
    ...(o.data.locale ? { locale: o.data.locale } : {}),
    ...(o.data.merchant_reference1 ? { merchant_reference1: o.data.merchant_reference1 } : {}),
    ...(o.data.merchant_reference2 ? { merchant_reference2: o.data.merchant_reference2 } : {}),
    klarna_reference: o.klarnaReference,
    order_lines: o.data.order_lines,
    created_at: iso(o.createdAt),
    expires_at: iso(o.expiresAt),
    initial_payment_method: { type: 'INVOICE', description: 'Pay later (sandbox)' },
    captures: o.captures.map((c) => ({
      capture_id: c.id,
      captured_amount: c.amount,
      captured_at: c.at,
      reference: c.reference,
      description: c.description,
      location: `${path}/captures/${c.id}`,
    })),
    refunds: o.refunds.map((r) => ({
      refund_id: r.id,
      refunded_amount: r.amount,
      refunded_at: r.at,
      reference: r.reference,
      description: r.description,
    })),
  };
}
