/**
 * Provider notifications (webhooks, status callbacks): verified by the adapter (Adyen HMAC, Two Svix
 * signature, Klarna and Walley read back from their API), each stored once in payment_notifications
 * under provider + notification id (a duplicate is acknowledged and ignored), then an authorized or
 * captured payment completes its checkout (found by the shop reference `${checkout id}.${attempt}`, in the
 * checkout's own storefront) and a failed one closes its session. Order and repetition do not matter:
 * completeCheckout is idempotent.
 */
import type { Db } from '#server/db/connection.ts';
import type { PaymentProvider, VerifiedNotification } from '#server/payments/payment-provider.ts';
import { loadCheckout } from './checkout-repository.ts';
import { closeSession, finishPayment } from './finish-payment.ts';
import { loggerFor } from '#server/telemetry/logger.ts';

const log = loggerFor('checkout');

const checkoutIdOf = (reference: string | undefined): string | null =>
  reference && /^[A-Za-z0-9_-]{16,64}\.\d+$/.test(reference) ? reference.split('.')[0]! : null;

/** true when this notification is new (stored now), false for a duplicate. */
async function storeOnce(db: Db, id: string, provider: string, checkoutId: string | null, n: VerifiedNotification): Promise<boolean> {
  if (await db.selectFrom('payment_notifications').select('id').where('id', '=', id).executeTakeFirst()) return false;
  const r = await db
    .insertInto('payment_notifications')
    .values({ id, provider, checkout_id: checkoutId, status: n.status, received_at: new Date().toISOString(), body: JSON.stringify(n.raw) })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 1n) > 0;
}

async function act(db: Db, provider: PaymentProvider, checkoutId: string, n: VerifiedNotification): Promise<void> {
  const c = await loadCheckout(db, checkoutId);
  if (!c) return;
  if (n.status === 'authorized' || n.status === 'captured') {
    // Also for a completed checkout: finishPayment then answers its order, and releases a second payment.
    const state = {
      sessionId: n.sessionId,
      status: n.status,
      amountMinor: n.amountMinor ?? 0,
      currency: '',
      providerReference: n.providerReference,
    };
    const done = await finishPayment(db, c, provider, state, 'notification');
    if (!done.ok) log.warn({ provider: provider.id, checkout: c.id, reason: done.reason }, 'payment not kept');
  } else if (n.status === 'declined' || n.status === 'cancelled' || n.status === 'expired') {
    await closeSession(db, c, provider.kind, n.sessionId);
  }
}

/** null when the notification is not authentic; otherwise how many were new. */
export async function receiveNotifications(db: Db, provider: PaymentProvider, headers: Headers, rawBody: string): Promise<number | null> {
  const items = await provider.verifyNotification(headers, rawBody);
  if (!items) return null;
  let fresh = 0;
  for (const n of items) {
    const id = `${provider.id}:${n.id}`;
    const checkoutId = checkoutIdOf(n.reference);
    if (!(await storeOnce(db, id, provider.id, checkoutId, n))) continue;
    fresh++;
    try {
      if (checkoutId) await act(db, provider, checkoutId, n);
    } catch (err) {
      // Not acted on: forget it, so the provider's retry (it gets a 500) is not taken for a duplicate.
      await db.deleteFrom('payment_notifications').where('id', '=', id).execute();
      throw err;
    }
  }
  return fresh;
}
