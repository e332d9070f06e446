/**
 * Two order (state = where it is in verification/fulfilment, status = the credit decision) → the
 * shop's PaymentState. Two has no "partially refunded" state: the order's refunds are summed.
 */
import { toMinorUnits } from '#lib/pricing/minor-units.ts';
import type { PaymentState, PaymentStatus } from '../payment-provider.ts';
import type { TwoOrder } from './two-schemas.ts';

export function twoState(order: TwoOrder): PaymentState {
  const amountMinor = toMinorUnits(order.gross_amount);
  const base = { sessionId: order.id, amountMinor, currency: order.currency, providerReference: order.id };
  const status = twoStatus(order, amountMinor);
  const failureCode = status === 'declined' ? 'declined' : status === 'cancelled' ? 'cancelled' : undefined;
  return { ...base, status, ...(failureCode ? { failureCode } : {}) };
}

function twoStatus(order: TwoOrder, grossMinor: number): PaymentStatus {
  if (order.status === 'REJECTED' || order.status === 'DECLINED') return 'declined';
  switch (order.state) {
    case 'VERIFIED':
    case 'CONFIRMED':
      return 'authorized';
    case 'FULFILLING':
    case 'FULFILLED':
    case 'DELIVERED':
      return refunded(order) > 0 ? 'partially_refunded' : 'captured';
    case 'REFUNDED':
      return refunded(order) >= grossMinor || refunded(order) === 0 ? 'refunded' : 'partially_refunded';
    case 'CANCELLED':
      return 'cancelled';
    default:
      return 'pending'; // UNVERIFIED: the buyer has not finished verification yet
  }
}

/** Refund amounts are negative in Two's answers (they reduce what the buyer owes). */
function refunded(order: TwoOrder): number {
  return (order.refunds ?? []).reduce((sum, r) => sum + Math.abs(toMinorUnits(r.amount)), 0);
}
