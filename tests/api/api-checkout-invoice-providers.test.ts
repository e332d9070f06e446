/**
 * External invoices end to end against the real server and the provider sandbox (started by the API suite's
 * global setup), on SQLite and PostgreSQL: Walley's consumer invoice and Two's business invoice, their
 * hosted pages driven over HTTP like a browser, their notifications arriving at the server on their own
 * (docs/adr/0007-checkout-orders-and-money.md, docs/product/checkout.md#payment).
 */
import { describe, expect, it } from 'vitest';
import { postJson, request } from '#tests/support/http.ts';
import { api, type TestProduct } from './api-support.ts';
import {
  back as backTo,
  control,
  hostedPage,
  inStock,
  openCheckout,
  pay,
  place,
  sandbox,
  step,
  until,
  useCheckoutApi,
  view,
} from './checkout-api-fixtures.ts';
import { business } from '#tests/support/checkout-customers.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { placeOrderResponseSchema } from '#lib/api/checkout-contracts.ts';
import { apiErrorSchema } from '#lib/api/errors.ts';
import { toMinorUnits } from '#lib/pricing/minor-units.ts';
import { walleyConfig } from '#server/payments/payment-config.ts';
import { WalleyProvider } from '#server/payments/walley/walley-provider.ts';
import { sign } from '#sandbox/two/two-webhooks.ts';
import { TWO_API_KEY } from '#sandbox/two/two-test-data.ts';

const notTheirs = (all: TestProduct[]) => all.filter(inStock(10)).slice(-60, -40); // not the products api-checkout-providers.test.ts buys
const shop = useCheckoutApi({ products: { sv: notTheirs, nl: notTheirs }, sandbox: ['walley', 'two'] });
const { ordersOf, ready, sessionOf } = shop;
/** Both invoice providers return with a session kind of invoiceConsumer or invoiceBusiness. */
const back = (location: string, locale: LocaleCode = 'sv') => backTo(location, locale, 'invoice');
const storedNotifications = (id: string) =>
  shop.h.db.selectFrom('payment_notifications').select(['provider', 'status']).where('checkout_id', '=', id).execute();
/** The provider's notifications for the checkout, read again once the first has arrived (they come on their own). */
async function notificationsOf(id: string) {
  await until(
    () => storedNotifications(id),
    (n) => n.length > 0,
  );
  return storedNotifications(id);
}

/** Walley's test persons and Two's test companies (sandbox/README.md#test-data). */
const PERSON = { approved: '19800101-1111', denied: '19800101-2222', onHold: '19800101-3333' };
const COMPANY = { sv: { approved: '559900-1004', declined: '559900-1012' }, nl: { approved: '99990001', declined: '99990002' } };

/** What Two itself says about an order (its Order API with the sandbox key). */
async function twoOrder(orderId: string): Promise<{ state: string; status: string; gross_amount: string }> {
  const r = await fetch(`${sandbox}/two/v1/order/${orderId}`, { headers: { 'x-api-key': TWO_API_KEY } });
  expect(r.status).toBe(200);
  return r.json() as Promise<{ state: string; status: string; gross_amount: string }>;
}

describe('invoice methods per storefront and customer type', () => {
  it('Walley for consumers where Walley sells (not nl), Two for businesses in every storefront, never the other way round', async () => {
    const expected: Record<LocaleCode, { consumer: string[]; business: string[] }> = {
      sv: { consumer: ['invoice', 'card', 'swish', 'klarna', 'walley-invoice'], business: ['invoice-business', 'two-invoice'] },
      no: { consumer: ['invoice', 'card', 'vipps', 'klarna', 'walley-invoice'], business: ['invoice-business', 'two-invoice'] },
      da: { consumer: ['invoice', 'card', 'dankort', 'mobilepay', 'walley-invoice'], business: ['invoice-business', 'two-invoice'] },
      fi: { consumer: ['invoice', 'card', 'mobilepay', 'klarna', 'walley-invoice'], business: ['invoice-business', 'two-invoice'] },
      nl: { consumer: ['invoice', 'card', 'ideal', 'klarna'], business: ['invoice-business', 'two-invoice'] },
    };
    for (const [locale, methods] of Object.entries(expected) as [LocaleCode, (typeof expected)[LocaleCode]][]) {
      const v = await openCheckout({ items: [] }, locale);
      const consumer = await view(v.id, locale);
      expect(consumer.payment_methods.map((m) => m.id)).toEqual(methods.consumer);
      await step(v.id, { customer: { type: 'business' } }, locale);
      const business = await view(v.id, locale);
      expect(business.payment_methods.map((m) => m.id)).toEqual(methods.business);
      expect(business.payment_methods.find((m) => m.id === 'two-invoice')).toMatchObject({ provider: 'two', customer_types: ['business'] });
    }
    const sv = await openCheckout({ items: [] });
    expect(sv.payment_methods.find((m) => m.id === 'walley-invoice')).toEqual({
      id: 'walley-invoice',
      name: 'Walley – faktura',
      provider: 'walley',
      customer_types: ['consumer'],
    });
  });

  it('refuses Walley in nl and Two for a consumer (400), Walley for a business', async () => {
    const nl = await openCheckout({ items: [] }, 'nl');
    const walleyNl = await postJson(api(`/api/checkout/${nl.id}`, 'nl'), { payment_method: 'walley-invoice' });
    expect(walleyNl.status).toBe(400);
    expect(apiErrorSchema.parse(walleyNl.json()).error.code).toBe('invalid_request');
    const sv = await openCheckout({ items: [] });
    expect((await postJson(api(`/api/checkout/${sv.id}`), { payment_method: 'two-invoice' })).status).toBe(400);
    await step(sv.id, { customer: { type: 'business' } });
    expect((await postJson(api(`/api/checkout/${sv.id}`), { payment_method: 'walley-invoice' })).status).toBe(400);
  });
});

describe('consumer invoice through Walley', () => {
  it('approved person: back to the shop → one order for exactly the checkout total, provider walley', async () => {
    const v = await ready('walley-invoice', { quantity: 2 });
    const page = await hostedPage(v.id);
    expect(page).toMatch(new RegExp(`^${sandbox}/walley/checkout-page/`));
    expect((await view(v.id)).status).toBe('paying');
    expect(await back(await pay(page, 'purchase', { nationalIdentificationNumber: PERSON.approved }))).toBe(
      `/checkout/confirmation/${v.id}`,
    );
    const { details } = await shop.onlyOrder(v);
    expect(details.payment).toMatchObject({ method: 'walley-invoice', method_name: 'Walley – faktura', provider: 'walley' });
    expect(details.payment.provider_reference).toMatch(/^[0-9a-f-]{36}$/);
    expect(details.invoice_reference).toBeNull(); // Walley sends the invoice, not the shop
    expect((await view(v.id)).status).toBe('completed');
    // Walley's own record: the purchase is for the checkout total to the öre.
    const walley = new WalleyProvider(walleyConfig({ PARTSFRONT_SANDBOX_URL: sandbox })!);
    expect(await walley.readStatus(details.payment.session_id)).toMatchObject({
      status: 'authorized',
      amountMinor: v.totals.total_minor,
      providerReference: details.payment.provider_reference,
    });
    // Walley's notification arrives too: still one order.
    expect(await notificationsOf(v.id)).toEqual([{ provider: 'walley', status: 'authorized' }]);
    expect(await ordersOf(v.id)).toHaveLength(1);
  });

  it('denied person: the failed page with reason declined, the checkout open with its cart; another person then buys', async () => {
    const v = await ready('walley-invoice');
    const first = await hostedPage(v.id);
    expect(await back(await pay(first, 'purchase', { nationalIdentificationNumber: PERSON.denied }))).toBe(
      `/checkout/failed/${v.id}?reason=declined`,
    );
    await shop.expectReopened(v);
    const second = await hostedPage(v.id);
    expect(second).not.toBe(first);
    expect(await back(await pay(second, 'purchase', { nationalIdentificationNumber: PERSON.approved }))).toBe(
      `/checkout/confirmation/${v.id}`,
    );
    expect(await ordersOf(v.id)).toHaveLength(1);
  });

  it('"Back to the store": the failed page with reason cancelled, the checkout open', async () => {
    const v = await ready('walley-invoice');
    const location = await pay(await hostedPage(v.id), 'abort');
    expect(location).toContain('&cancelled=1');
    expect(await back(location)).toBe(`/checkout/failed/${v.id}?reason=cancelled`);
    expect((await view(v.id)).status).toBe('open');
    expect(await ordersOf(v.id)).toHaveLength(0);
  });

  it('a purchase on hold (fraud review): no order, the failed page says pending', async () => {
    const v = await ready('walley-invoice');
    expect(await back(await pay(await hostedPage(v.id), 'purchase', { nationalIdentificationNumber: PERSON.onHold }))).toBe(
      `/checkout/failed/${v.id}?reason=pending`,
    );
    expect(await ordersOf(v.id)).toHaveLength(0);
  });

  it('notification before the return: the notification makes the one order, the return then shows the confirmation', async () => {
    const v = await ready('walley-invoice');
    const location = await pay(await hostedPage(v.id), 'purchase', { nationalIdentificationNumber: PERSON.approved });
    await shop.orderFromNotification(v.id);
    expect(await back(location)).toBe(`/checkout/confirmation/${v.id}`);
    expect(await ordersOf(v.id)).toHaveLength(1);
  });

  it("Walley's callback as a GET (as real Walley sends it) completes the checkout; repeated, it is acknowledged once", async () => {
    await control('walley', 'faults', { dropNotifications: true });
    const v = await ready('walley-invoice');
    const location = await pay(await hostedPage(v.id), 'purchase', { nationalIdentificationNumber: PERSON.approved });
    const { id: privateId } = await sessionOf(v.id, 'invoiceConsumer');
    const callback = api('/api/payments/walley/notifications', 'sv', `&privateId=${privateId}`);
    const first = await request(callback);
    expect(first.status).toBe(200);
    expect(first.json()).toEqual({ accepted: true, new: 1 });
    const [order] = await ordersOf(v.id);
    expect(JSON.parse(order!.details).payment.provider).toBe('walley');
    expect((await request(callback)).json()).toEqual({ accepted: true, new: 0 });
    expect(await back(location)).toBe(`/checkout/confirmation/${v.id}`);
    expect(await ordersOf(v.id)).toHaveLength(1);
  });

  it('a callback naming no Walley checkout (or none at all): 401, nothing stored', async () => {
    const before = (await shop.h.db.selectFrom('payment_notifications').select('id').execute()).length;
    for (const extra of ['&privateId=00000000-0000-4000-8000-000000000000', '', '&privateId=<script>']) {
      const r = await request(api('/api/payments/walley/notifications', 'sv', extra), { method: 'POST', body: '{}' });
      expect(r.status).toBe(401);
      expect(apiErrorSchema.parse(r.json()).error.code).toBe('unauthorized');
    }
    expect((await shop.h.db.selectFrom('payment_notifications').select('id').execute()).length).toBe(before);
  });

  it('Walley answering 5xx: a retryable 503 provider_unavailable, nothing lost; a retry works', async () => {
    const v = await ready('walley-invoice');
    await control('walley', 'faults', { failNext: 1 });
    const r = await place(v.id);
    expect(r.status).toBe(503);
    expect(apiErrorSchema.parse(r.json()).error.code).toBe('provider_unavailable');
    expect((await view(v.id)).status).toBe('open');
    await control('walley', 'faults', { failNext: 0 });
    expect(await back(await pay(await hostedPage(v.id), 'purchase', { nationalIdentificationNumber: PERSON.approved }))).toBe(
      `/checkout/confirmation/${v.id}`,
    );
  });
});

describe('business invoice through Two', () => {
  it('sv: an approved company verifies → one order for exactly the checkout total, provider two', async () => {
    const v = await ready('two-invoice', { customer: business('sv', COMPANY.sv.approved), quantity: 2 });
    const page = await hostedPage(v.id);
    expect(page).toMatch(new RegExp(`^${sandbox}/two/checkout/`));
    expect(await back(await pay(page, 'verify'))).toBe(`/checkout/confirmation/${v.id}`);
    const { details } = await shop.onlyOrder(v);
    expect(details.payment).toMatchObject({ method: 'two-invoice', method_name: 'Two – företagsfaktura', provider: 'two' });
    expect(details.customer).toMatchObject({ type: 'business', organisation_number: COMPANY.sv.approved });
    // Two's own record: the verified order, for the checkout total to the öre.
    expect(details.payment.session_id).toBe(details.payment.provider_reference);
    const two = await twoOrder(details.payment.provider_reference);
    expect(two.status).toBe('APPROVED');
    expect(['VERIFIED', 'CONFIRMED']).toContain(two.state);
    expect(toMinorUnits(two.gross_amount)).toBe(v.totals.total_minor);
    expect(await notificationsOf(v.id)).toEqual([{ provider: 'two', status: 'authorized' }]);
    expect(await ordersOf(v.id)).toHaveLength(1);
  });

  it('nl: a KvK number and Two → one order in EUR cents', async () => {
    const v = await ready('two-invoice', { customer: business('nl', COMPANY.nl.approved), locale: 'nl' });
    expect(v.payment_methods.map((m) => m.id)).toEqual(['invoice-business', 'two-invoice']);
    expect(await back(await pay(await hostedPage(v.id, 'nl'), 'verify'), 'nl')).toBe(`/checkout/confirmation/${v.id}`);
    const [order] = await ordersOf(v.id);
    expect(order!.currency).toBe('EUR');
    expect(Number(order!.total_minor)).toBe(v.totals.total_minor);
    expect(JSON.parse(order!.details).payment).toMatchObject({ provider: 'two', method_name: 'Two – zakelijke factuur' });
  });

  it('credit check declined at order creation: straight to the failed page (declined), no order; an approved company then buys', async () => {
    const v = await ready('two-invoice', { customer: business('sv', COMPANY.sv.declined) });
    const r = await place(v.id);
    expect(r.status).toBe(200);
    expect(placeOrderResponseSchema.parse(r.json())).toEqual({
      redirect_url: `/checkout/failed/${v.id}?reason=declined`,
      order_number: null,
    });
    await shop.expectReopened(v);
    expect(await sessionOf(v.id, 'invoiceBusiness')).toMatchObject({ reference: `${v.id}.1`, closed: true });
    // Two's order.rejected.v1 webhook arrives as well and changes nothing.
    expect(await notificationsOf(v.id)).toEqual([{ provider: 'two', status: 'declined' }]);
    await step(v.id, { customer: { organisation_number: COMPANY.sv.approved } });
    expect(await back(await pay(await hostedPage(v.id), 'verify'))).toBe(`/checkout/confirmation/${v.id}`);
    expect(await ordersOf(v.id)).toHaveLength(1);
  });

  it('verification failed on the page: the failed page with reason declined', async () => {
    const v = await ready('two-invoice', { customer: business('sv', COMPANY.sv.approved) });
    expect(await back(await pay(await hostedPage(v.id), 'reject'))).toBe(`/checkout/failed/${v.id}?reason=declined`);
    expect((await view(v.id)).status).toBe('open');
    expect(await ordersOf(v.id)).toHaveLength(0);
  });

  it('cancel on the page: the shop cancels the unverified Two order, the failed page says cancelled', async () => {
    const v = await ready('two-invoice', { customer: business('sv', COMPANY.sv.approved) });
    const location = await pay(await hostedPage(v.id), 'cancel');
    expect(await back(location)).toBe(`/checkout/failed/${v.id}?reason=cancelled`);
    const session = await sessionOf(v.id, 'invoiceBusiness');
    expect(session.closed).toBe(true);
    expect((await twoOrder(session.id)).state).toBe('CANCELLED');
    expect((await view(v.id)).status).toBe('open');
    expect(await ordersOf(v.id)).toHaveLength(0);
  });

  it('webhook before the return: order.verified.v1 makes the one order, the return then shows the confirmation', async () => {
    const v = await ready('two-invoice', { customer: business('sv', COMPANY.sv.approved) });
    const location = await pay(await hostedPage(v.id), 'verify');
    const orders = await until(
      () => ordersOf(v.id),
      (o) => o.length > 0,
    );
    expect(orders).toHaveLength(1);
    expect(JSON.parse(orders[0]!.details).payment.provider).toBe('two');
    // confirmed by the shop on the webhook, before the buyer came back
    expect((await twoOrder((await sessionOf(v.id, 'invoiceBusiness')).id)).state).toBe('CONFIRMED');
    const events = await shop.h.db.selectFrom('order_events').select('source').where('order_id', '=', orders[0]!.id).execute();
    expect(events.map((e) => e.source)).toEqual(['notification', 'notification']);
    expect(await back(location)).toBe(`/checkout/confirmation/${v.id}`);
    expect(await ordersOf(v.id)).toHaveLength(1);
  });

  it('a forged webhook (wrong secret, stale timestamp, tampered body): 401, nothing stored, no order; the authentic one is taken', async () => {
    await control('two', 'faults', { dropNotifications: true });
    const v = await ready('two-invoice', { customer: business('sv', COMPANY.sv.approved) });
    await hostedPage(v.id);
    const { id: orderId, reference } = await sessionOf(v.id, 'invoiceBusiness');
    const gross = (v.totals.total_minor / 100).toFixed(2);
    const body = JSON.stringify({
      specversion: '1.0',
      id: 'evt-forged',
      type: 'order.verified.v1',
      time: new Date().toISOString(),
      data: {
        order_id: orderId,
        merchant_order_id: reference,
        gross_amount: gross,
        currency: 'SEK',
        state: 'VERIFIED',
        status: 'APPROVED',
      },
    });
    const now = String(Math.floor(Date.now() / 1000));
    const post = (svix: { id: string; timestamp: string; signature: string }, payload = body) =>
      request(api('/api/payments/two/notifications'), {
        method: 'POST',
        body: payload,
        headers: { 'svix-id': svix.id, 'svix-timestamp': svix.timestamp, 'svix-signature': `v1,${svix.signature}` },
      });
    const before = (await shop.h.db.selectFrom('payment_notifications').select('id').execute()).length;
    const stale = String(Number(now) - 600);
    for (const forged of [
      await post({ id: 'msg_forged', timestamp: now, signature: sign('msg_forged', now, body, 'whsec_b3RoZXIta2V5LW5vdC10d28ncw==') }),
      await post({ id: 'msg_stale', timestamp: stale, signature: sign('msg_stale', stale, body) }),
      await post({ id: 'msg_tampered', timestamp: now, signature: sign('msg_tampered', now, body) }, body.replace(gross, '0.01')),
      await request(api('/api/payments/two/notifications'), { method: 'POST', body }),
    ]) {
      expect(forged.status).toBe(401);
      expect(apiErrorSchema.parse(forged.json()).error.code).toBe('unauthorized');
    }
    expect((await shop.h.db.selectFrom('payment_notifications').select('id').execute()).length).toBe(before);
    expect(await ordersOf(v.id)).toHaveLength(0);
    expect((await view(v.id)).status).toBe('paying');
    // Signed by Two but ahead of Two's own record (the order is not verified there): the shop's confirm reads
    // the order back first, so nothing is made.
    const early = await post({ id: 'msg_early', timestamp: now, signature: sign('msg_early', now, body) });
    expect(early.status).toBe(200);
    expect(await ordersOf(v.id)).toHaveLength(0);
    // Once Two has verified the order, the same event signed with the endpoint's secret is taken: confirmed, the order made.
    const verified = await fetch(`${sandbox}/two/test/verify_order/${orderId}`, { method: 'POST', headers: { 'x-api-key': TWO_API_KEY } });
    expect(verified.status).toBe(200);
    const authentic = await post({ id: 'msg_authentic', timestamp: now, signature: sign('msg_authentic', now, body) });
    expect(authentic.status).toBe(200);
    expect(authentic.json()).toEqual({ accepted: true, new: 1 });
    expect(await ordersOf(v.id)).toHaveLength(1);
    expect((await twoOrder(orderId)).state).toBe('CONFIRMED');
  });

  it('Two is only for businesses: a consumer cannot place with it', async () => {
    const v = await ready('invoice');
    const r = await postJson(api(`/api/checkout/${v.id}`), { payment_method: 'two-invoice' });
    expect(r.status).toBe(400);
    expect((await view(v.id)).payment_method).toBe('invoice');
  });
});
