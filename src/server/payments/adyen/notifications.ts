/**
 * Adyen standard notifications → VerifiedNotification. Every item must carry a valid HMAC signature
 * and our merchant account, or the whole batch is refused (null): a batch is one HTTP request, and
 * one forged item means the request is not Adyen's. Authentic events the shop does not act on are
 * left out.
 */
import type { PaymentStatus, VerifiedNotification } from '../payment-provider.ts';
import { hasValidHmac } from './hmac.ts';
import { notificationRequest, type NotificationItem } from './schemas.ts';

export function verifyAdyenNotifications(
  rawBody: string,
  opts: { hmacKeyHex: string; merchantAccount: string },
): VerifiedNotification[] | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return null;
  }
  const parsed = notificationRequest.safeParse(json);
  if (!parsed.success) return null;
  const items = parsed.data.notificationItems.map((wrapper) => wrapper.NotificationRequestItem);
  if (!items.every((item) => item.merchantAccountCode === opts.merchantAccount && hasValidHmac(item, opts.hmacKeyHex))) return null;
  return items.flatMap((item) => {
    const mapped = mapEvent(item);
    return mapped ? [mapped] : [];
  });
}

function mapEvent(item: NotificationItem): VerifiedNotification | null {
  const ok = item.success === 'true';
  const outcome = eventOutcome(item, ok);
  if (!outcome) return null;
  const isPayment = item.eventCode === 'AUTHORISATION';
  return {
    // Adyen has no notification id: psp reference + event + outcome identify one (documented dedup key).
    id: `${item.pspReference}:${item.eventCode}:${item.success}`,
    sessionId: item.additionalData?.checkoutSessionId ?? '',
    // On modifications merchantReference may be the modification's own reference: only trust it on the payment.
    ...(isPayment ? { reference: item.merchantReference } : {}),
    status: outcome.status,
    amountMinor: item.amount.value,
    providerReference: isPayment ? item.pspReference : (item.originalReference ?? item.pspReference),
    ...(outcome.failureCode ? { failureCode: outcome.failureCode } : {}),
    raw: item,
  };
}

function eventOutcome(item: NotificationItem, ok: boolean): { status: PaymentStatus; failureCode?: string } | null {
  switch (item.eventCode) {
    case 'AUTHORISATION':
      if (ok) return { status: 'authorized' };
      // challengeCancel is set when the 3-D Secure challenge was cancelled or timed out.
      return { status: 'declined', failureCode: item.additionalData?.challengeCancel ? 'challenge_failed' : 'declined' };
    // A REFUND notification carries only this refund's amount: the shop tells full from partial
    // against its own captured total (the adapter's refund() answer already did).
    case 'CAPTURE':
      return ok ? { status: 'captured' } : { status: 'authorized', failureCode: 'provider_error' };
    case 'CAPTURE_FAILED':
      return { status: 'authorized', failureCode: 'provider_error' };
    case 'REFUND':
      return ok ? { status: 'refunded' } : { status: 'captured', failureCode: 'provider_error' };
    case 'REFUND_FAILED':
      return { status: 'captured', failureCode: 'provider_error' };
    case 'CANCELLATION':
      return ok ? { status: 'cancelled' } : { status: 'authorized', failureCode: 'provider_error' };
    default:
      return null;
  }
}
