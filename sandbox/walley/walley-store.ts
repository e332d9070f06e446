/**
 * In-memory state of the Walley emulator: checkout sessions (privateId / publicToken) and the
 * orders a completed purchase creates, with Walley's order rules (capture only NotActivated or
 * PartActivated, cancel what is not captured, refund at most what was captured). X-idempotency
 * replays are handled in front of it (shared IdempotencyStore).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { InitCheckoutRequest } from './walley-request-schemas.ts';
import type { PurchaseResult, TestPerson } from './walley-test-data.ts';

export type CheckoutStatus = 'Initialized' | 'CustomerIdentified' | 'PurchaseCompleted' | 'Aborted';
export type OrderStatus = 'NotActivated' | 'PartActivated' | 'Activated' | 'Cancelled' | 'Returned';

export interface Checkout {
  privateId: string;
  publicToken: string;
  currency: string;
  totalMinor: number;
  request: InitCheckoutRequest;
  status: CheckoutStatus;
  purchase?: { result: PurchaseResult; purchaseIdentifier: string; person: TestPerson };
  orderId?: string;
}

export interface Invoice {
  invoiceNumber: string;
  type: 'Invoice' | 'CreditNote';
  totalMinor: number;
}

export interface Order {
  id: string;
  privateId: string;
  reference: string | null;
  currency: string;
  countryCode: string;
  totalMinor: number;
  status: OrderStatus;
  invoices: Invoice[];
  placedAt: string;
}

/** A refused Management API action: the emulator answers it as Walley's 409 conflict. */
export class OrderConflict extends Error {}

export class WalleyStore {
  readonly checkouts = new Map<string, Checkout>();
  readonly orders = new Map<string, Order>();
  private invoiceSeq = 1;

  createCheckout(request: InitCheckoutRequest, currency: string, totalMinor: number): Checkout {
    const checkout: Checkout = {
      privateId: randomUUID(),
      publicToken: `public-${request.countryCode}-${randomBytes(24).toString('hex')}`,
      currency,
      totalMinor,
      request,
      status: 'Initialized',
    };
    this.checkouts.set(checkout.privateId, checkout);
    return checkout;
  }

  byToken(publicToken: string): Checkout | undefined {
    return [...this.checkouts.values()].find((c) => c.publicToken === publicToken);
  }

  /** The shopper finished on the checkout page; a rejected credit check creates no order. */
  completePurchase(checkout: Checkout, person: TestPerson): void {
    checkout.status = 'PurchaseCompleted';
    checkout.purchase = { result: person.result, purchaseIdentifier: String(100_000 + this.checkouts.size * 7), person };
    if (person.result === 'Rejected') return;
    const order: Order = {
      id: randomUUID(),
      privateId: checkout.privateId,
      reference: checkout.request.reference ?? null,
      currency: checkout.currency,
      countryCode: checkout.request.countryCode,
      totalMinor: checkout.totalMinor,
      status: 'NotActivated',
      invoices: [],
      placedAt: new Date().toISOString(),
    };
    this.orders.set(order.id, order);
    checkout.orderId = order.id;
  }

  capture(order: Order, amountMinor: number): void {
    if (order.status !== 'NotActivated' && order.status !== 'PartActivated') throw new OrderConflict(`Order is ${order.status}`);
    const left = order.totalMinor - total(order, 'Invoice');
    if (amountMinor > left) throw new OrderConflict(`Amount exceeds the ${left / 100} left to capture`);
    order.invoices.push({ invoiceNumber: String(this.invoiceSeq++), type: 'Invoice', totalMinor: amountMinor });
    order.status = amountMinor === left ? 'Activated' : 'PartActivated';
  }

  /** Cancels what is not captured: nothing captured → Cancelled, else the order shrinks to its captures. */
  cancel(order: Order): void {
    if (order.status !== 'NotActivated' && order.status !== 'PartActivated') throw new OrderConflict(`Order is ${order.status}`);
    const captured = total(order, 'Invoice');
    order.status = captured === 0 ? 'Cancelled' : 'Activated';
    if (captured > 0) order.totalMinor = captured;
  }

  refund(order: Order, amountMinor: number): void {
    if (order.status !== 'Activated' && order.status !== 'PartActivated') throw new OrderConflict(`Order is ${order.status}`);
    const left = total(order, 'Invoice') - total(order, 'CreditNote');
    if (amountMinor > left) throw new OrderConflict(`Amount exceeds the ${left / 100} left to refund`);
    order.invoices.push({ invoiceNumber: String(this.invoiceSeq++), type: 'CreditNote', totalMinor: amountMinor });
    if (amountMinor === left && order.status === 'Activated') order.status = 'Returned';
  }
}

function total(order: Order, type: Invoice['type']): number {
  return order.invoices.filter((i) => i.type === type).reduce((sum, i) => sum + i.totalMinor, 0);
}
