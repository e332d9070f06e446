/**
 * What happens when the shopper acts on the hosted page (or walks away): the payment's state, the
 * session status GET /sessions reports, the AUTHORISATION notification, and where the browser goes.
 * Simplification: one payment attempt per session (Adyen lets a shopper retry after a refusal).
 */
import { randomString, token } from '../shared/ids.ts';
import type { AdyenContext, AdyenPayment, AdyenSession } from './adyen-state.ts';
import type { MethodType } from './adyen-test-data.ts';
import { notify } from './notification-signer.ts';

export function startPayment(ctx: AdyenContext, session: AdyenSession, method: MethodType, brand: string): AdyenPayment {
  const payment: AdyenPayment = {
    pspReference: randomString(16),
    method,
    brand,
    state: 'challenge',
    captured: 0,
    refunded: 0,
    cancelled: false,
  };
  session.payment = payment;
  ctx.store.byPsp.set(payment.pspReference, session);
  return payment;
}

export function authorise(ctx: AdyenContext, session: AdyenSession, payment: AdyenPayment): void {
  payment.state = 'authorised';
  // Without manualCapture the account's default applies: captured at once, no CAPTURE notification.
  if (!session.manualCapture) payment.captured = session.amount.value;
  session.status = 'completed';
  notify(ctx, session, {
    eventCode: 'AUTHORISATION',
    success: true,
    pspReference: payment.pspReference,
    amount: session.amount,
    paymentMethod: payment.brand,
    additionalData: { authCode: randomString(6, '0123456789') },
  });
}

/** `challengeCancel` (EMV 3DS): '01' the cardholder pressed Cancel, '04' the challenge timed out. */
export function refuse(
  ctx: AdyenContext,
  session: AdyenSession,
  payment: AdyenPayment,
  reason: string,
  challengeCancel?: '01' | '04',
): void {
  payment.state = 'refused';
  session.status = 'refused';
  notify(ctx, session, {
    eventCode: 'AUTHORISATION',
    success: false,
    pspReference: payment.pspReference,
    amount: session.amount,
    paymentMethod: payment.brand,
    reason,
    ...(challengeCancel ? { additionalData: { challengeCancel } } : {}),
  });
}

/** The shopper left with "Cancel": no payment was made, so no notification. */
export function cancelByShopper(session: AdyenSession): void {
  session.status = 'canceled';
}

/** Sessions past expiresAt expire; a 3-D Secure challenge left open is refused as timed out. */
export function expireSessions(ctx: AdyenContext, now: number): void {
  for (const session of ctx.store.sessions.values()) {
    if (session.status !== 'active' || session.expiresAt > now) continue;
    session.status = 'expired';
    if (session.payment?.state === 'challenge') {
      refuse(ctx, session, session.payment, '3D Not Authenticated', '04');
      session.status = 'expired';
    }
  }
}

/** Where the browser goes after the shopper step: returnUrl + sessionId + a fresh sessionResult. */
export function returnLocation(session: AdyenSession): string {
  const result = token(32);
  session.sessionResults.add(result);
  const url = new URL(session.returnUrl);
  url.searchParams.set('sessionId', session.id);
  url.searchParams.set('sessionResult', result);
  return url.href;
}
