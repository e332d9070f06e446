/**
 * Two's webhooks as its Svix gateway sends them: a CloudEvents body (webhooks-api.yaml) signed with
 * svix-id / svix-timestamp / svix-signature (v1 = base64 HMAC-SHA256 of "{id}.{timestamp}.{body}").
 * Real Two sends to endpoints configured in its webhook portal; the emulator sends to the order's
 * merchant_urls.merchant_order_callback_url instead (see sandbox/README.md).
 */
import { createHmac } from 'node:crypto';
import { randomString, uuid } from '../shared/ids.ts';
import type { Notifier } from '../shared/notifier.ts';
import type { OrderEvent, TwoOrderRecord } from './two-store.ts';
import { TWO_MERCHANT_ID, TWO_WEBHOOK_SECRET } from './two-test-data.ts';

export function sign(id: string, timestamp: string, body: string, secret = TWO_WEBHOOK_SECRET): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
}

export function sendEvents(notifier: Notifier, order: TwoOrderRecord, events: OrderEvent[]): void {
  const url = order.request.merchant_urls.merchant_order_callback_url;
  if (!url) return;
  for (const event of events) {
    const body = JSON.stringify({
      specversion: '1.0',
      id: uuid(),
      type: event.type,
      time: new Date().toISOString(),
      source: 'https://api.two.inc',
      subject: `order/${order.id}`,
      twomerchantid: TWO_MERCHANT_ID,
      data: event.data,
    });
    const id = `msg_${randomString(27, 'abcdefghijklmnopqrstuvwxyz0123456789')}`;
    const timestamp = String(Math.floor(Date.now() / 1000));
    notifier.enqueue({
      url,
      body,
      label: `${event.type} ${order.id}`,
      headers: { 'svix-id': id, 'svix-timestamp': timestamp, 'svix-signature': `v1,${sign(id, timestamp, body)}` },
    });
  }
}
