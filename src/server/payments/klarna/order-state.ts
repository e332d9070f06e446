/**
 * Klarna's answers as the shop's PaymentState: the HPP session until the order exists, then the
 * Order Management order (which knows captured and refunded totals, so it is the authority).
 */
import type { PaymentState, PaymentStatus } from '../payment-provider.ts';
import type { HppSession, KlarnaOrder } from './schemas.ts';

const HPP_STATUS: Record<HppSession['status'], { status: PaymentStatus; failureCode?: string }> = {
  WAITING: { status: 'pending' },
  IN_PROGRESS: { status: 'pending' },
  MANUAL_ID_CHECK: { status: 'pending' },
  // Approved but no order on the session yet (place_order_mode NONE, or Klarna still placing it).
  COMPLETED: { status: 'pending' },
  BACK: { status: 'cancelled', failureCode: 'cancelled' },
  CANCELLED: { status: 'cancelled', failureCode: 'cancelled' },
  DISABLED: { status: 'cancelled', failureCode: 'cancelled' },
  FAILED: { status: 'declined', failureCode: 'declined' },
  ERROR: { status: 'declined', failureCode: 'provider_error' },
};

/** The HPP session alone carries no amount: 0 / '' mean "not known from this answer". */
export function hppState(session: HppSession): PaymentState {
  const mapped = HPP_STATUS[session.status];
  return {
    sessionId: session.session_id,
    status: mapped.status,
    amountMinor: 0,
    currency: '',
    ...(mapped.failureCode ? { failureCode: mapped.failureCode } : {}),
  };
}

/** Klarna answers 404 for an HPP session past its expiry (and for an unknown id). */
export function expiredState(sessionId: string): PaymentState {
  return { sessionId, status: 'expired', amountMinor: 0, currency: '', failureCode: 'expired' };
}

export function orderState(sessionId: string, order: KlarnaOrder): PaymentState {
  return {
    sessionId,
    status: orderStatus(order),
    amountMinor: order.original_order_amount ?? order.order_amount,
    currency: order.purchase_currency.toUpperCase(),
    providerReference: order.order_id,
    capturedMinor: order.captured_amount,
    refundedMinor: order.refunded_amount,
    ...(order.status === 'CANCELLED' ? { failureCode: 'cancelled' } : order.status === 'EXPIRED' ? { failureCode: 'expired' } : {}),
  };
}

function orderStatus(order: KlarnaOrder): PaymentStatus {
  if (order.status === 'CANCELLED') return 'cancelled';
  if (order.status === 'EXPIRED') return 'expired';
  if (order.refunded_amount > 0) return order.refunded_amount >= order.captured_amount ? 'refunded' : 'partially_refunded';
  return order.status === 'AUTHORIZED' ? 'authorized' : 'captured';
}
