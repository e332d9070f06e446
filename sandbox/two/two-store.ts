/**
 * In-memory orders of the Two emulator and their state machine (docs.two.inc "Path to order
 * creation"): status is the credit decision, state walks UNVERIFIED → VERIFIED → CONFIRMED →
 * FULFILLED (→ REFUNDED), or → CANCELLED before fulfilment. Every change yields the webhook event
 * Two would send (webhooks-api.yaml: order.verified.v1, order.rejected.v1, …).
 */
import { randomUUID } from 'node:crypto';
import { formatMinorUnits, toMinorUnits } from '#lib/pricing/minor-units.ts';
import type { CreateOrderRequest } from './two-request-schemas.ts';

export type OrderState = 'UNVERIFIED' | 'VERIFIED' | 'CONFIRMED' | 'FULFILLED' | 'CANCELLED' | 'REFUNDED';
export type OrderStatus = 'APPROVED' | 'REJECTED';

export interface Refund {
  id: string;
  amountMinor: number;
  reference: string | null;
  creditNoteNumber: string;
  date: string;
}

export interface TwoOrderRecord {
  id: string;
  request: CreateOrderRequest;
  companyName: string;
  state: OrderState;
  status: OrderStatus;
  declineReason: string | null;
  grossMinor: number;
  refunds: Refund[];
  created: string;
  updated: string;
  fulfilled: string | null;
}

/** The `data` of a webhook event; the envelope is added when it is sent. */
export interface OrderEvent {
  type: string;
  data: Record<string, string>;
}

/** A transition the order's state does not allow: answered 400 ORDER_INVALID_STATE. */
export class InvalidState extends Error {}

export class TwoStore {
  readonly orders = new Map<string, TwoOrderRecord>();
  private creditNotes = 1;

  create(
    request: CreateOrderRequest,
    companyName: string,
    decision: OrderStatus,
    declineReason: string | null,
  ): { order: TwoOrderRecord; events: OrderEvent[] } {
    const now = new Date().toISOString();
    const order: TwoOrderRecord = {
      id: randomUUID(),
      request,
      companyName,
      state: 'UNVERIFIED',
      status: decision,
      declineReason,
      grossMinor: toMinorUnits(request.gross_amount),
      refunds: [],
      created: now,
      updated: now,
      fulfilled: null,
    };
    this.orders.set(order.id, order);
    return { order, events: decision === 'REJECTED' ? [event('order.rejected.v1', order)] : [] };
  }

  verify(order: TwoOrderRecord, approved: boolean): OrderEvent[] {
    if (order.state !== 'UNVERIFIED' || order.status !== 'APPROVED') throw new InvalidState(`Order is ${order.state}/${order.status}`);
    if (!approved) {
      Object.assign(order, { status: 'REJECTED', declineReason: 'DECLINED_IN_VERIFICATION' });
      return this.touch(order, 'order.rejected.v1');
    }
    order.state = 'VERIFIED';
    return this.touch(order, 'order.verified.v1');
  }

  confirm(order: TwoOrderRecord): void {
    if (order.state === 'CONFIRMED') return;
    if (order.state !== 'VERIFIED') throw new InvalidState(`Order is ${order.state}: only a verified order can be confirmed`);
    order.state = 'CONFIRMED';
    this.touch(order, null);
  }

  /** Real Two passes through FULFILLING asynchronously; the emulator fulfils at once. */
  fulfil(order: TwoOrderRecord): OrderEvent[] {
    if (order.state !== 'VERIFIED' && order.state !== 'CONFIRMED')
      throw new InvalidState(`Order is ${order.state}: only a verified order can be fulfilled`);
    order.state = 'FULFILLED';
    order.fulfilled = new Date().toISOString();
    return this.touch(order, 'order.fulfilled.v1');
  }

  /** true when it was already cancelled (Two answers 202 then). */
  cancel(order: TwoOrderRecord): { already: boolean; events: OrderEvent[] } {
    if (order.state === 'CANCELLED') return { already: true, events: [] };
    if (order.state === 'FULFILLED' || order.state === 'REFUNDED')
      throw new InvalidState('A fulfilled order cannot be cancelled: refund it instead');
    order.state = 'CANCELLED';
    return { already: false, events: this.touch(order, 'order.cancelled.v1') };
  }

  refund(order: TwoOrderRecord, amountMinor: number, reference: string | null): { refund: Refund; events: OrderEvent[] } {
    if (order.state !== 'FULFILLED') throw new InvalidState(`Order is ${order.state}: only a fulfilled order can be refunded`);
    const left = order.grossMinor - refunded(order);
    if (amountMinor <= 0 || amountMinor > left) throw new InvalidState(`Refund amount must be between 0.01 and ${formatMinorUnits(left)}`);
    const refund: Refund = {
      id: randomUUID(),
      amountMinor,
      reference,
      creditNoteNumber: `CN-${this.creditNotes++}`,
      date: new Date().toISOString(),
    };
    order.refunds.push(refund);
    if (refunded(order) === order.grossMinor) order.state = 'REFUNDED';
    return { refund, events: this.touch(order, 'order.refunded.v1') };
  }

  private touch(order: TwoOrderRecord, type: string | null): OrderEvent[] {
    order.updated = new Date().toISOString();
    return type ? [event(type, order)] : [];
  }
}

export function refunded(order: TwoOrderRecord): number {
  return order.refunds.reduce((sum, r) => sum + r.amountMinor, 0);
}

function event(type: string, order: TwoOrderRecord): OrderEvent {
  const gross = order.request.gross_amount;
  const data: Record<string, string> = {
    root_order_id: order.id,
    order_id: order.id,
    merchant_order_id: order.request.merchant_order_id,
    gross_amount: gross,
    invoice_amount: gross,
    payable_amount: gross,
    prepaid_amount: '0.00',
    currency: order.request.currency,
    buyer_company_name: order.companyName,
    status: order.status,
    state: order.state,
  };
  if (type === 'order.refunded.v1')
    Object.assign(data, {
      refunded_gross_amount: formatMinorUnits(refunded(order)),
      refunded_payable_amount: formatMinorUnits(refunded(order)),
      refunded_prepaid_amount: '0.00',
    });
  if (order.declineReason) data.decline_reason = order.declineReason;
  return { type, data };
}
