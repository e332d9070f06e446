/**
 * External payments end to end against the real server and the provider sandbox (started by the API
 * suite's global setup), on SQLite and PostgreSQL: the hosted pages are driven over HTTP like a browser,
 * the provider's notifications arrive at the server on their own (docs/adr/0007-checkout-orders-and-money.md).
 */
import { describe, expect, it } from 'vitest';
import { postJson, request } from '#tests/support/http.ts';
import { api } from './api-support.ts';
import { back, control, deliveries, hostedPage, inStock, pay, place, step, until, useCheckoutApi, view } from './checkout-api-fixtures.ts';
import { apiErrorSchema } from '#lib/api/errors.ts';
import { notificationHmac } from '#server/payments/adyen/hmac.ts';

const shop = useCheckoutApi({ products: { sv: (all) => all.filter(inStock(10)).slice(-40) }, sandbox: ['adyen', 'klarna'] });
const { ordersOf, ready } = shop;
const APPROVE = { number: '4111 1111 1111 1111' };
const DECLINE = { number: '4000 0000 0000 0002' };

/** Successful CANCELLATION notifications the Adyen sandbox delivered so far. */
async function adyenCancellations(): Promise<number> {
  const log = await deliveries('adyen');
  return log.filter((d) => d.label.startsWith('CANCELLATION') && d.label.endsWith('success=true') && d.outcome === 'delivered').length;
}

describe('payment methods from the configured providers', () => {
  it('offers card and the storefront wallets through Adyen, Klarna where the storefront shows it, Walley invoice, to consumers', async () => {
    const v = await ready('card');
    expect(v.payment_methods.map((m) => [m.id, m.provider])).toEqual([
      ['invoice', 'invoice'],
      ['card', 'adyen'],
      ['swish', 'adyen'],
      ['klarna', 'klarna'],
      ['walley-invoice', 'walley'],
    ]);
    expect(v.payment_methods.find((m) => m.id === 'card')!.name).toBe('Kort');
    const fi = await (await postJson(api('/api/checkout', 'fi'), { items: [] })).json();
    expect(fi.payment_methods.map((m: { id: string }) => m.id)).toEqual(['invoice', 'card', 'mobilepay', 'klarna', 'walley-invoice']);
    const da = await (await postJson(api('/api/checkout', 'da'), { items: [] })).json();
    expect(da.payment_methods.map((m: { id: string }) => m.id)).toEqual(['invoice', 'card', 'dankort', 'mobilepay', 'walley-invoice']);
  });
});

describe('card payments through Adyen', () => {
  it('approved card: back to the shop → one order for exactly the checkout total, confirmation page', async () => {
    const v = await ready('card', { quantity: 2 });
    const page = await hostedPage(v.id);
    expect((await view(v.id)).status).toBe('paying');
    expect(await back(await pay(page, 'pay', APPROVE))).toBe(`/checkout/confirmation/${v.id}`);
    const { details } = await shop.onlyOrder(v);
    expect(details.payment).toMatchObject({ method: 'card', method_name: 'Kort', provider: 'adyen' });
    expect(details.payment.provider_reference).toMatch(/^\w{16}$/);
    expect(details.invoice_reference).toBeNull();
    expect((await view(v.id)).status).toBe('completed');
    // The notification arrives too: still one order.
    await until(
      () => shop.h.db.selectFrom('payment_notifications').selectAll().where('checkout_id', '=', v.id).execute(),
      (r) => r.length > 0,
    );
    expect(await ordersOf(v.id)).toHaveLength(1);
  });

  it('declined card: the failed page, the checkout open with its cart; a retry with an approving card makes 1 order', async () => {
    const v = await ready('card');
    const first = await hostedPage(v.id);
    expect(await back(await pay(first, 'pay', DECLINE))).toBe(`/checkout/failed/${v.id}?reason=declined`);
    await shop.expectReopened(v);
    const second = await hostedPage(v.id);
    expect(second).not.toBe(first);
    expect(await back(await pay(second, 'pay', APPROVE))).toBe(`/checkout/confirmation/${v.id}`);
    expect(await ordersOf(v.id)).toHaveLength(1);
  });

  it('placing twice with nothing changed hands out the same open session', async () => {
    const v = await ready('card');
    expect(await hostedPage(v.id)).toBe(await hostedPage(v.id));
  });

  it('notification before the return: the notification makes the order, the return then shows the confirmation', async () => {
    const v = await ready('card');
    const location = await pay(await hostedPage(v.id), 'pay', APPROVE);
    await shop.orderFromNotification(v.id);
    expect(await back(location)).toBe(`/checkout/confirmation/${v.id}`);
    expect(await ordersOf(v.id)).toHaveLength(1);
  });

  it('duplicated and reordered notifications (a refusal, then an authorisation): 1 order, each notification stored once', async () => {
    await control('adyen', 'faults', { duplicateNotifications: true, reorderNotifications: true });
    const v = await ready('card');
    await pay(await hostedPage(v.id), 'pay', DECLINE); // the shopper never comes back from either attempt
    // The refusal's notification closes that session, so placing again opens a new attempt.
    const stored = () => shop.h.db.selectFrom('payment_notifications').select(['id', 'status']).where('checkout_id', '=', v.id).execute();
    expect((await until(stored, (r) => r.length > 0)).map((n) => n.status)).toEqual(['declined']);
    await pay(await hostedPage(v.id), 'pay', APPROVE);
    const orders = await until(
      () => ordersOf(v.id),
      (o) => o.length > 0,
    );
    const log = await until(
      () => deliveries('adyen'),
      (l) => l.filter((d) => d.outcome === 'delivered' && d.label.startsWith('AUTHORISATION')).length >= 4,
    );
    expect(log.filter((d) => d.outcome === 'delivered' && d.label.startsWith('AUTHORISATION')).length).toBeGreaterThanOrEqual(4);
    expect(orders).toHaveLength(1);
    expect((await stored()).map((n) => n.status).sort()).toEqual(['authorized', 'declined']);
    expect((await view(v.id)).status).toBe('completed');
  });

  it('a notification with a wrong HMAC signature: 401, nothing stored, no order', async () => {
    const v = await ready('card');
    await hostedPage(v.id);
    const before = (await shop.h.db.selectFrom('payment_notifications').select('id').execute()).length;
    const item = {
      pspReference: 'FORGED0000000001',
      merchantAccountCode: 'PartsfrontECOM',
      merchantReference: `${v.id}.1`,
      amount: { value: v.totals.total_minor, currency: 'SEK' },
      eventCode: 'AUTHORISATION',
      eventDate: new Date().toISOString(),
      success: 'true' as const,
    };
    const signature = notificationHmac(item, '00'.repeat(32));
    const body = JSON.stringify({
      live: 'false',
      notificationItems: [{ NotificationRequestItem: { ...item, additionalData: { hmacSignature: signature } } }],
    });
    const r = await request(api('/api/payments/adyen/notifications'), { method: 'POST', body });
    expect(r.status).toBe(401);
    expect(apiErrorSchema.parse(r.json()).error.code).toBe('unauthorized');
    expect((await shop.h.db.selectFrom('payment_notifications').select('id').execute()).length).toBe(before);
    expect(await ordersOf(v.id)).toHaveLength(0);
    expect((await request(api('/api/payments/adyen/notifications'), { method: 'POST', body: '{' })).status).toBe(401);
  });

  it('the cart changed after the session was opened: the old amount is never kept, placing again opens a new session', async () => {
    const v = await ready('card');
    const old = await hostedPage(v.id);
    const changed = await step(v.id, { items: v.items.map((l) => ({ sku: l.sku, quantity: l.quantity + 1 })) });
    expect(changed.totals.total_minor).not.toBe(v.totals.total_minor);
    // The shopper pays the old page (an old tab): the payment is cancelled, no order on the old amount.
    expect(await back(await pay(old, 'pay', APPROVE))).toBe(`/checkout/failed/${v.id}?reason=price_changed`);
    expect(await ordersOf(v.id)).toHaveLength(0);
    const log = await until(
      () => deliveries('adyen'),
      (l) => l.some((d) => d.label.startsWith('CANCELLATION')),
    );
    expect(log.some((d) => d.label.startsWith('CANCELLATION') && d.label.endsWith('success=true'))).toBe(true);
    const page = await hostedPage(v.id);
    expect(page).not.toBe(old);
    expect(await back(await pay(page, 'pay', APPROVE))).toBe(`/checkout/confirmation/${v.id}`);
    const [order] = await ordersOf(v.id);
    expect(Number(order!.total_minor)).toBe(changed.totals.total_minor);
  });

  it('Adyen answering 5xx: a retryable 503 provider_unavailable in the shopper language, nothing lost; a retry works', async () => {
    const v = await ready('card');
    await control('adyen', 'faults', { failNext: 1 });
    const r = await place(v.id);
    expect(r.status).toBe(503);
    expect(apiErrorSchema.parse(r.json()).error).toEqual({
      code: 'provider_unavailable',
      message: 'Betaltjänsten svarar inte just nu. Försök igen om en stund.',
    });
    const after = await view(v.id);
    expect(after.status).toBe('open');
    expect(after.payment_method).toBe('card');
    expect(await back(await pay(await hostedPage(v.id), 'pay', APPROVE))).toBe(`/checkout/confirmation/${v.id}`);
    expect(await ordersOf(v.id)).toHaveLength(1);
  });

  it('back without a sessionResult: the return waits for the notification and shows the confirmation, or pending without one', async () => {
    const v = await ready('card');
    const location = new URL(await pay(await hostedPage(v.id), 'pay', APPROVE));
    location.searchParams.delete('sessionResult');
    expect(await back(location.href)).toBe(`/checkout/confirmation/${v.id}`);
    expect(await ordersOf(v.id)).toHaveLength(1);

    await control('adyen', 'faults', { dropNotifications: true });
    const w = await ready('card');
    const lost = new URL(await pay(await hostedPage(w.id), 'pay', APPROVE));
    lost.searchParams.delete('sessionResult');
    expect(await back(lost.href)).toBe(`/checkout/failed/${w.id}?reason=pending`);
    expect(await ordersOf(w.id)).toHaveLength(0);
  });

  it('stock gone while the shopper paid: the authorisation is cancelled, the failed page says out_of_stock, the cart stays', async () => {
    const v = await ready('card');
    const page = await hostedPage(v.id);
    const cancellations = await adyenCancellations();
    const sku = v.items[0]!.sku;
    const saved = await shop.h.db.selectFrom('products').select(['id', 'stock_quantity']).where('sku', '=', sku).executeTakeFirstOrThrow();
    await shop.h.db.updateTable('products').set({ stock_quantity: 0 }).where('id', '=', saved.id).execute();
    try {
      expect(await back(await pay(page, 'pay', APPROVE))).toBe(`/checkout/failed/${v.id}?reason=out_of_stock`);
      expect(await ordersOf(v.id)).toHaveLength(0);
      const after = await view(v.id);
      expect(after.status).toBe('open');
      expect(after.items.map((l) => l.sku)).toEqual([sku]);
      expect(await until(adyenCancellations, (n) => n > cancellations)).toBe(cancellations + 1);
    } finally {
      await shop.h.db.updateTable('products').set({ stock_quantity: saved.stock_quantity }).where('id', '=', saved.id).execute();
    }
  });

  it('cancel on the hosted page: the failed page with reason cancelled, the checkout open', async () => {
    const v = await ready('card');
    expect(await back(await pay(await hostedPage(v.id), 'cancel'))).toBe(`/checkout/failed/${v.id}?reason=cancelled`);
    expect((await view(v.id)).status).toBe('open');
  });
});

describe('pay later through Klarna', () => {
  it('approve on the hosted payment page → one order for the checkout total', async () => {
    const v = await ready('klarna', { quantity: 2 });
    const page = await hostedPage(v.id);
    expect(await back(await pay(page, 'approve'))).toBe(`/checkout/confirmation/${v.id}`);
    const { details } = await shop.onlyOrder(v);
    expect(details.payment).toMatchObject({ method: 'klarna', provider: 'klarna' });
    // Klarna's status callback (read back from its API) arrives as well: still one order.
    await until(
      () =>
        shop.h.db
          .selectFrom('payment_notifications')
          .selectAll()
          .where('provider', '=', 'klarna')
          .where('checkout_id', '=', v.id)
          .execute(),
      (r) => r.length > 0,
    );
    expect(await ordersOf(v.id)).toHaveLength(1);
  });

  it('decline: the failed page, the checkout open', async () => {
    const v = await ready('klarna');
    expect(await back(await pay(await hostedPage(v.id), 'decline'))).toBe(`/checkout/failed/${v.id}?reason=declined`);
    expect((await view(v.id)).status).toBe('open');
    expect(await ordersOf(v.id)).toHaveLength(0);
  });
});
