/**
 * What a provider that cannot be asked told the shop in its verified notifications (payment_notifications).
 * Adyen reads a session only with the `sessionResult` of the shopper's return (real API and sandbox: 422
 * `130` without it) and has no payment read, so for a shopper who never came back its AUTHORISATION
 * notification is all there is. A stored one the shop never acted on (the process stopped between storing
 * and acting, so Adyen's retry was taken for a duplicate) is what reconciliation completes from.
 */
import type { Db } from '#server/db/connection.ts';
import { notificationItem } from '#server/payments/adyen/schemas.ts';
import type { PaymentState } from '#server/payments/payment-provider.ts';
import type { ProviderSessionRecord } from './checkout-repository.ts';

const RANK: Partial<Record<string, number>> = { captured: 2, authorized: 2, declined: 1, cancelled: 1, expired: 1 };

/** The stored outcome of this session (an authorisation before a failure), or null when nothing was stored. */
export async function storedPaymentOutcome(db: Db, checkoutId: string, record: ProviderSessionRecord): Promise<PaymentState | null> {
  if (record.provider !== 'adyen') return null;
  const rows = await db
    .selectFrom('payment_notifications')
    .select(['status', 'body'])
    .where('checkout_id', '=', checkoutId)
    .where('provider', '=', record.provider)
    .orderBy('received_at')
    .execute();
  let best: PaymentState | null = null;
  for (const row of rows) {
    const item = notificationItem.safeParse(JSON.parse(row.body));
    if (!item.success || !RANK[row.status]) continue;
    const i = item.data;
    const ofSession = i.additionalData?.checkoutSessionId
      ? i.additionalData.checkoutSessionId === record.id
      : i.merchantReference === record.reference;
    if (!ofSession || (best && RANK[best.status]! >= RANK[row.status]!)) continue;
    best = {
      sessionId: record.id,
      status: row.status as PaymentState['status'],
      amountMinor: i.amount.value,
      currency: i.amount.currency,
      providerReference: i.pspReference,
      ...(row.status === 'authorized' || row.status === 'captured' ? {} : { failureCode: row.status }),
    };
  }
  return best;
}
