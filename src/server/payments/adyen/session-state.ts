/**
 * An Adyen session result as the shop's PaymentState. The result is a snapshot taken when the shopper
 * came back (Adyen does not update it); captures and refunds after that are tracked by the adapter's
 * answers and the notifications.
 */
import type { PaymentState, PaymentStatus } from '../payment-provider.ts';
import type { SessionResult } from './schemas.ts';

const STATUS: Record<SessionResult['status'], { status: PaymentStatus; failureCode?: string }> = {
  active: { status: 'pending' },
  paymentPending: { status: 'pending' },
  completed: { status: 'authorized' },
  refused: { status: 'declined', failureCode: 'declined' },
  canceled: { status: 'cancelled', failureCode: 'cancelled' },
  expired: { status: 'expired', failureCode: 'expired' },
};

export function sessionState(result: SessionResult, fallback: { amountMinor: number; currency: string }): PaymentState {
  const mapped = STATUS[result.status];
  const payment = result.payments?.find((p) => p.resultCode === 'Authorised') ?? result.payments?.[0];
  return {
    sessionId: result.id,
    status: mapped.status,
    amountMinor: payment?.amount?.value ?? fallback.amountMinor,
    currency: payment?.amount?.currency ?? fallback.currency,
    ...(payment?.pspReference ? { providerReference: payment.pspReference } : {}),
    ...(mapped.failureCode ? { failureCode: mapped.failureCode } : {}),
  };
}
