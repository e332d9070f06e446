/**
 * Builds and signs Adyen standard notifications. The signature is the shop's own code
 * (src/server/payments/adyen/hmac.ts), which is Adyen's Node library: a hand-written signer here once
 * escaped `:` and `\` where Adyen does not, and the shop agreed with it (docs/product/checkout.md#adyen-notification-hmac).
 */
import { notificationHmac } from '#server/payments/adyen/hmac.ts';
import type { AdyenContext, AdyenSession, Amount } from './adyen-state.ts';

export interface NotificationEvent {
  eventCode: 'AUTHORISATION' | 'CAPTURE' | 'REFUND' | 'CANCELLATION';
  success: boolean;
  pspReference: string;
  originalReference?: string;
  amount: Amount;
  paymentMethod: string;
  reason?: string;
  additionalData?: Record<string, string>;
}

export function signItem(
  fields: {
    pspReference: string;
    originalReference?: string;
    merchantAccountCode: string;
    merchantReference: string;
    amount: Amount;
    eventCode: string;
    success: 'true' | 'false';
  },
  keyHex: string,
): string {
  return notificationHmac(fields, keyHex);
}

/** Queues one notification (a batch of one item, as Adyen sends them today) to the configured webhook. */
export function notify(ctx: AdyenContext, session: AdyenSession, event: NotificationEvent): void {
  const item = {
    pspReference: event.pspReference,
    ...(event.originalReference ? { originalReference: event.originalReference } : {}),
    merchantAccountCode: session.merchantAccount,
    merchantReference: session.reference,
    amount: event.amount,
    eventCode: event.eventCode,
    eventDate: new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00'),
    success: event.success ? ('true' as const) : ('false' as const),
    paymentMethod: event.paymentMethod,
    ...(event.reason ? { reason: event.reason } : {}),
    ...(event.eventCode === 'AUTHORISATION' && event.success ? { operations: ['CANCEL', 'CAPTURE', 'REFUND'] } : {}),
  };
  const hmacSignature = signItem(item, ctx.hmacKeyHex);
  const body = JSON.stringify({
    live: 'false',
    notificationItems: [
      { NotificationRequestItem: { ...item, additionalData: { checkoutSessionId: session.id, ...event.additionalData, hmacSignature } } },
    ],
  });
  const label = `${event.eventCode} ${event.pspReference} success=${item.success}`;
  if (!ctx.store.webhookUrl) {
    ctx.notifier.log.push({
      label,
      url: '',
      at: new Date().toISOString(),
      outcome: 'dropped',
      attempts: 0,
      note: 'no webhook URL configured (POST /adyen/_sandbox/webhook)',
    });
    return;
  }
  ctx.notifier.enqueue({ url: ctx.store.webhookUrl, body, label });
}
