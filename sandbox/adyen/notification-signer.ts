/**
 * Builds and signs Adyen standard notifications, independently of the shop's adapter (a shared
 * implementation would hide a bug in both): HMAC-SHA256 over
 * pspReference:originalReference:merchantAccountCode:merchantReference:value:currency:eventCode:success
 * with `\` and `:` escaped, hex-decoded key, Base64 signature.
 */
import { createHmac } from 'node:crypto';
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
    success: string;
  },
  keyHex: string,
): string {
  const data = [
    fields.pspReference,
    fields.originalReference ?? '',
    fields.merchantAccountCode,
    fields.merchantReference,
    String(fields.amount.value),
    fields.amount.currency,
    fields.eventCode,
    fields.success,
  ]
    .map((v) => v.replace(/\\/g, '\\\\').replace(/:/g, '\\:'))
    .join(':');
  return createHmac('sha256', Buffer.from(keyHex, 'hex')).update(data, 'utf8').digest('base64');
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
    success: String(event.success),
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
