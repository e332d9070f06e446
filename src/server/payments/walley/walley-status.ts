/**
 * Walley checkout + order → the shop's PaymentState. The checkout says whether the shopper finished
 * and what the credit decision was (purchase.result); the Management API order says what happened
 * after (captures, cancel, refunds).
 */
import { toMinorUnits } from '#lib/pricing/minor-units.ts';
import type { PaymentState, PaymentStatus } from '../payment-provider.ts';
import type { WalleyCheckout, WalleyOrder } from './walley-schemas.ts';

export function walleyState(privateId: string, checkout: WalleyCheckout, order: WalleyOrder | null): PaymentState {
  const amountMinor = toMinorUnits(order?.totalAmount ?? checkout.purchase?.amountToPay ?? checkout.cart?.totalAmount ?? 0);
  const base = { sessionId: privateId, amountMinor, currency: order?.currency ?? checkout.currency ?? '' };
  const providerReference = checkout.order?.orderId;
  const failed = (status: PaymentStatus, failureCode: string): PaymentState => ({
    ...base,
    status,
    failureCode,
    ...(providerReference ? { providerReference } : {}),
  });

  if (checkout.status === 'Aborted') return failed('cancelled', 'cancelled');
  if (checkout.status === 'Expired') return failed('expired', 'expired');
  if (checkout.status !== 'PurchaseCompleted' || !checkout.purchase) return { ...base, status: 'pending' };
  if (checkout.purchase.result === 'Rejected') return failed('declined', 'declined');
  // OnHold (anti-fraud review) and Signing (credit agreement) resolve later with a new notification.
  if (checkout.purchase.result === 'OnHold' || checkout.purchase.result === 'Signing')
    return { ...base, status: 'pending', ...(providerReference ? { providerReference } : {}) };
  return { ...base, status: order ? orderStatus(order) : 'authorized', ...(providerReference ? { providerReference } : {}) };
}

/** Captured and refunded totals come from the order's invoices and credit notes. */
export function orderStatus(order: WalleyOrder): PaymentStatus {
  switch (order.status) {
    case 'NotActivated':
      return 'authorized';
    case 'Cancelled':
      return 'cancelled';
    case 'Expired':
      return 'expired';
    case 'Returned':
      return 'refunded';
    default: {
      const credited = sum(order, 'CreditNote');
      if (credited === 0) return 'captured';
      return credited >= sum(order, 'Invoice') ? 'refunded' : 'partially_refunded';
    }
  }
}

function sum(order: WalleyOrder, type: string): number {
  return order.invoices.filter((i) => i.type === type).reduce((total, i) => total + toMinorUnits(i.totalAmount), 0);
}
