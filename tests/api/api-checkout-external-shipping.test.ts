/**
 * The `external` shipping processor (Ingrid's Delivery Checkout, from the sandbox emulator) end to end
 * against the real server, on SQLite and PostgreSQL: Ingrid's options and pickup locations in the
 * checkout, one Ingrid session per checkout updated at later steps, the order recording processor,
 * served_by, option and service point, the session completed with the order number (once, also under
 * concurrent placing), the free-shipping promise, and Ingrid failing (docs/product/checkout.md#shipping).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { request } from '#tests/support/http.ts';
import { raw, type TestProduct } from './api-support.ts';
import {
  back,
  control,
  hostedPage,
  inStock,
  openCheckout,
  pay,
  place,
  sandbox,
  until,
  update,
  useCheckoutApi,
  view,
  viewOf,
} from './checkout-api-fixtures.ts';
import { consumer } from '#tests/support/checkout-customers.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { placeOrderResponseSchema, type CheckoutView } from '#lib/api/checkout-contracts.ts';
import { apiErrorSchema } from '#lib/api/errors.ts';
import { FREE_SHIPPING_THRESHOLD_MINOR } from '#lib/shipping/free-shipping.ts';
import { shippingUnavailableMessage } from '#lib/shipping/shipping-messages.ts';
import { parseOrderDetails } from '#server/orders/order-details.ts';

const unitMinor = (p: TestProduct) => Math.round(p.prices.n[0]!.p * 100);
/** Priced well below the free-shipping threshold, with the stock to cross it. */
const cheap = (locale: LocaleCode) => (all: TestProduct[]) => {
  const threshold = FREE_SHIPPING_THRESHOLD_MINOR[locale];
  return all
    .filter((p) => inStock(40)(p) && !p.prices.c?.length)
    .filter((p) => p.prices.n.length === 1 && unitMinor(p) * 3 < threshold && unitMinor(p) * 40 > threshold * 1.2)
    .slice(-30);
};
const shop = useCheckoutApi({ products: { sv: cheap('sv'), fi: cheap('fi') }, sandbox: ['ingrid'] });
const { ordersOf, product } = shop;
const SV = consumer('sv');

/** Ingrid's SE categories (sandbox/README.md "Ingrid"): id, carrier, name, price below the threshold. */
const SE_OPTIONS = [
  ['se-postnord-pickup', 'PostNord', 'PostNord Ombud', 'service_point', 4_900],
  ['se-instabox-locker', 'Instabox', 'Instabox Paketskåp', 'service_point', 3_900],
  ['se-postnord-mailbox', 'PostNord', 'PostNord Brevlåda', 'mailbox', 2_900],
  ['se-budbee-home', 'Budbee', 'Budbee Hemleverans', 'home', 7_900],
  ['se-budbee-express', 'Budbee', 'Budbee Express', 'express', 14_900],
];

const ingridDown = (calls: number) => control('ingrid', 'faults', { failNext: calls });
/** The emulator's sessions for this checkout (the adapter names Ingrid's cart by the checkout id). */
const sessionsOf = async (checkoutId: string) =>
  ((await control('ingrid', 'sessions', { cart_id: checkoutId })) as { sessions: Record<string, any>[] }).sessions;
const shippingSessionOf = (checkoutId: string) => shop.sessionOf(checkoutId, 'shipping');
const shippingEvents = (orderId: string) =>
  shop.h.db
    .selectFrom('order_events')
    .select(['kind', 'from_state', 'to_state', 'event', 'source'])
    .where('order_id', '=', orderId)
    .where('kind', '=', 'shipping')
    .execute();

/** An external-shipping checkout with the customer filled in: Ingrid has priced it. */
async function priced(quantity = 1, locale: 'sv' | 'fi' = 'sv', sku = product(locale).sku): Promise<CheckoutView> {
  const v = await openCheckout({ items: [{ sku, quantity }], shipping_processor: 'external' }, locale);
  const withCustomer = await update(v.id, { customer: consumer(locale) }, locale);
  expect(withCustomer.status).toBe(200);
  return viewOf(withCustomer);
}

/** Priced, PostNord Ombud with the first of Ingrid's pickup locations, the shop's own invoice: ready to place. */
async function ready(quantity = 1): Promise<CheckoutView> {
  const v = await priced(quantity);
  const withPoints = viewOf(await update(v.id, { shipping_option_id: 'se-postnord-pickup', payment_method: 'invoice' }));
  return viewOf(await update(v.id, { service_point_id: withPoints.service_points[0]!.id }));
}

beforeAll(() => {
  for (const locale of ['sv', 'fi'] as const) expect(shop.pool(locale).length).toBeGreaterThan(10);
});

describe('options and service points from Ingrid', () => {
  it("records `external`, offers Ingrid's categories and lists its pickup locations like eel's", async () => {
    const opened = await openCheckout({ items: [{ sku: product().sku, quantity: 1 }], shipping_processor: 'external' });
    expect(opened.shipping_processor).toBe('external');
    expect(opened.shipping_options).toEqual([]); // nothing to price before a postal code
    expect((await shop.providerSessions(opened.id)).shipping).toBeUndefined();

    const v = viewOf(await update(opened.id, { customer: SV }));
    expect(v.shipping_options.map((o) => [o.id, o.carrier, o.name, o.kind, o.price_minor])).toEqual(SE_OPTIONS);
    expect(v.shipping_options[0]).toMatchObject({ vat_rate: 25, min_days: 1, max_days: 3, has_service_points: true });

    const chosen = viewOf(await update(v.id, { shipping_option_id: 'se-postnord-pickup' }));
    expect(chosen.shipping_option_id).toBe('se-postnord-pickup');
    expect(chosen.service_points).toHaveLength(5);
    for (const p of chosen.service_points) {
      expect(Object.keys(p).sort()).toEqual(['carrier', 'city', 'distance_meters', 'id', 'name', 'opening_hours', 'postal_code', 'street']);
      expect(p).toMatchObject({
        id: expect.stringMatching(/^postnord-se-/),
        carrier: 'PostNord',
        postal_code: SV.postal_code.replace(' ', ''), // as the shop normalises it
        city: 'Stockholm',
      });
    }
    const point = chosen.service_points[2]!;
    const withPoint = viewOf(await update(v.id, { service_point_id: point.id }));
    expect(withPoint.service_point_id).toBe(point.id);
    expect(withPoint.totals.shipping_minor).toBe(4_900);
    expect(withPoint.totals.total_minor).toBe(withPoint.totals.goods_minor - withPoint.totals.discount_minor + 4_900);
    // A point that is not Ingrid's for this option and address is not a choice.
    expect(viewOf(await update(v.id, { service_point_id: 'postnord-se-99999-1' })).service_point_id).toBeNull();
    // Another option with points: Ingrid's lockers.
    const locker = viewOf(await update(v.id, { shipping_option_id: 'se-instabox-locker' }));
    expect(locker.service_point_id).toBeNull();
    expect(locker.service_points.map((p) => p.carrier)).toEqual(Array(5).fill('Instabox'));
    // Home delivery has none.
    expect(viewOf(await update(v.id, { shipping_option_id: 'se-budbee-home' })).service_points).toEqual([]);
  });

  it('keeps one Ingrid session per checkout, recorded with its locale, and updates it at later steps', async () => {
    const v = await priced();
    const session = await shippingSessionOf(v.id);
    expect(session).toMatchObject({ id: expect.stringMatching(/^VM2-/), locale: 'sv', provider: 'ingrid', reference: v.id });
    const goods = () => v.totals.goods_minor - v.totals.discount_minor;
    expect(await sessionsOf(v.id)).toEqual([
      expect.objectContaining({ checkout_session_id: session.id, total_value: goods(), updates: 0 }),
    ]);

    // Steps that change nothing Ingrid prices ask it nothing; a new quantity and a new address update the same session.
    await update(v.id, { customer: { email: 'annan@example.se' } });
    await view(v.id);
    expect((await sessionsOf(v.id))[0]!.updates).toBe(0);
    const two = viewOf(await update(v.id, { items: [{ sku: v.items[0]!.sku, quantity: 2 }] }));
    const moved = viewOf(await update(v.id, { customer: { postal_code: '413 01', city: 'Göteborg' } }));
    expect(moved.shipping_options.map((o) => o.id)).toEqual(SE_OPTIONS.map((o) => o[0]));
    const sessions = await sessionsOf(v.id);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({
      checkout_session_id: session.id,
      status: 'ACTIVE',
      total_value: two.totals.goods_minor - two.totals.discount_minor,
      postal_code: '41301', // as the shop normalises it
      updates: 2,
    });
    expect((await shippingSessionOf(v.id)).id).toBe(session.id);
  });
});

describe('placing with Ingrid', () => {
  it('the order records processor, served_by, option and service point; the Ingrid session is completed with the order number', async () => {
    const v = await ready();
    const point = v.service_points.find((p) => p.id === v.service_point_id)!;
    const r = await place(v.id);
    expect(r.status).toBe(200);
    const { order_number } = placeOrderResponseSchema.parse(r.json());
    const [order, ...more] = await ordersOf(v.id);
    expect(more).toHaveLength(0);
    expect(order!.id).toBe(order_number);
    expect(Number(order!.total_minor)).toBe(v.totals.total_minor);
    const details = parseOrderDetails(order!.details);
    const session = await shippingSessionOf(v.id);
    expect(details.shipping).toEqual({
      processor: 'external',
      served_by: 'ingrid',
      session_id: session.id,
      option_id: 'se-postnord-pickup',
      carrier: 'PostNord',
      name: 'PostNord Ombud',
      min_days: 1,
      max_days: 3,
      service_point: point,
    });
    expect(details.totals.shipping_minor).toBe(4_900);
    expect(details.payment.provider).toBe('invoice');
    expect(details.invoice_reference).not.toBeNull();

    expect(await shippingEvents(order!.id)).toEqual([
      { kind: 'shipping', from_state: 'session_open', to_state: 'transport_ordered', event: 'complete_session', source: 'shopper' },
    ]);
    expect(await sessionsOf(v.id)).toEqual([
      expect.objectContaining({
        checkout_session_id: session.id,
        status: 'COMPLETE',
        external_id: order!.id,
        tos_id: expect.any(String),
        selection: { category_id: 'se-postnord-pickup', location_external_id: point.id },
      }),
    ]);
    // The confirmation page shows Ingrid's point.
    const page = await request(raw(`/checkout/confirmation/${v.id}`));
    expect(page.status).toBe(200);
    expect(page.body).toContain(`data-service-point-id="${point.id}"`);
    // The completed checkout is shown without asking Ingrid again.
    const shown = await view(v.id);
    expect(shown).toMatchObject({ status: 'completed', shipping_option_id: 'se-postnord-pickup', service_point_id: point.id });
    expect(await sessionsOf(v.id)).toHaveLength(1);
  });

  it('placing five times at once: one order, one transport order, one shipping event', async () => {
    const v = await ready();
    const answers = await Promise.all(Array.from({ length: 5 }, () => place(v.id)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const numbers = new Set(answers.map((a) => placeOrderResponseSchema.parse(a.json()).order_number));
    expect(numbers.size).toBe(1);
    const orders = await ordersOf(v.id);
    expect(orders).toHaveLength(1);
    expect(await shippingEvents(orders[0]!.id)).toHaveLength(1);
    expect(await sessionsOf(v.id)).toEqual([expect.objectContaining({ status: 'COMPLETE', external_id: orders[0]!.id })]);
  });

  it('a card payment through Adyen keeps the shipping session: completion on return confirms it', async () => {
    const v = await priced();
    await update(v.id, { shipping_option_id: 'se-budbee-home', payment_method: 'card' });
    const page = await hostedPage(v.id);
    expect(page.startsWith(`${sandbox}/adyen/`)).toBe(true);
    expect(await back(await pay(page, 'pay', { number: '4111 1111 1111 1111' }))).toBe(`/checkout/confirmation/${v.id}`);
    const [order] = await ordersOf(v.id);
    const details = parseOrderDetails(order!.details);
    expect(details.shipping).toMatchObject({
      processor: 'external',
      served_by: 'ingrid',
      option_id: 'se-budbee-home',
      service_point: null,
    });
    expect(details.shipping.session_id).toBe((await sessionsOf(v.id))[0]!.checkout_session_id);
    expect(details.payment.provider).toBe('adyen');
    // Adyen's notification may have made the order first: its completion then confirms, a moment later.
    const events = await until(
      () => shippingEvents(order!.id),
      (e) => e.length > 0,
    );
    expect(events.map((e) => e.event)).toEqual(['complete_session']);
    expect(await sessionsOf(v.id)).toEqual([expect.objectContaining({ status: 'COMPLETE', external_id: order!.id })]);
  });
});

describe('the free-shipping promise with Ingrid', () => {
  for (const locale of ['sv', 'fi'] as const) {
    it(`${locale}: from the storefront's threshold every option but express is free, below it none is`, async () => {
      const p = product(locale);
      const threshold = FREE_SHIPPING_THRESHOLD_MINOR[locale];
      const below = await priced(1, locale, p.sku);
      expect(below.totals.goods_minor - below.totals.discount_minor).toBeLessThan(threshold);
      expect(below.shipping_options.length).toBeGreaterThan(2);
      expect(below.shipping_options.every((o) => o.price_minor > 0)).toBe(true);
      expect(below.totals.free_shipping_left_minor).toBeGreaterThan(0);

      const quantity = Math.ceil(threshold / unitMinor(p));
      const above = viewOf(await update(below.id, { items: [{ sku: p.sku, quantity }] }, locale));
      expect(above.totals.goods_minor - above.totals.discount_minor).toBeGreaterThanOrEqual(threshold);
      expect(above.totals.free_shipping_left_minor).toBe(0);
      const standard = above.shipping_options.filter((o) => o.kind !== 'express');
      expect(standard.length).toBeGreaterThan(1);
      expect(standard.every((o) => o.price_minor === 0)).toBe(true);
      expect(above.shipping_options.filter((o) => o.kind === 'express').every((o) => o.price_minor > 0)).toBe(true);
      const chosen = viewOf(await update(below.id, { shipping_option_id: standard.find((o) => o.kind === 'home')!.id }, locale));
      expect(chosen.totals.shipping_minor).toBe(0);
      expect(chosen.totals.total_minor).toBe(chosen.totals.goods_minor - chosen.totals.discount_minor);
    });
  }
});

describe('Ingrid failing', () => {
  it('nothing priced yet: a clear, retryable 503 provider_unavailable; the step is saved and works once Ingrid is back', async () => {
    const opened = await openCheckout({ items: [{ sku: product().sku, quantity: 1 }], shipping_processor: 'external' });
    await ingridDown(1);
    const r = await update(opened.id, { customer: SV });
    expect(r.status).toBe(503);
    expect(apiErrorSchema.parse(r.json())).toEqual({ error: { code: 'provider_unavailable', message: shippingUnavailableMessage('sv') } });
    const back = await view(opened.id);
    expect(back.customer).toMatchObject({ email: SV.email, postal_code: SV.postal_code });
    expect(back.shipping_options.map((o) => o.id)).toEqual(SE_OPTIONS.map((o) => o[0]));
    expect(await sessionsOf(opened.id)).toHaveLength(1);
  });

  it("already priced: steps go on with Ingrid's last answer; a change it must price is a 503 and is kept", async () => {
    const v = await ready();
    await ingridDown(50);
    const same = await update(v.id, { customer: { first_name: 'Annika' } });
    expect(same.status).toBe(200);
    expect(viewOf(same)).toMatchObject({ shipping_option_id: 'se-postnord-pickup', service_point_id: v.service_point_id });
    expect(viewOf(same).totals).toEqual(v.totals);

    const more = await update(v.id, { items: [{ sku: v.items[0]!.sku, quantity: 2 }] });
    expect(more.status).toBe(503);
    expect(apiErrorSchema.parse(more.json()).error.code).toBe('provider_unavailable');
    const placing = await place(v.id);
    expect(placing.status).toBe(503);
    expect(await ordersOf(v.id)).toHaveLength(0);

    await control('ingrid', 'faults', { failNext: 0 });
    const back = await view(v.id);
    expect(back.items.map((l) => l.quantity)).toEqual([2]);
    expect(back).toMatchObject({ status: 'open', shipping_option_id: 'se-postnord-pickup', service_point_id: v.service_point_id });
    expect(await sessionsOf(v.id)).toHaveLength(1);
  });

  it('down at placing: the order is made from the priced checkout; completing the session is recorded as failed', async () => {
    const v = await ready();
    await ingridDown(50);
    const r = await place(v.id);
    expect(r.status).toBe(200);
    const [order] = await ordersOf(v.id);
    expect(Number(order!.total_minor)).toBe(v.totals.total_minor);
    expect(parseOrderDetails(order!.details).shipping).toMatchObject({ served_by: 'ingrid', service_point: { id: v.service_point_id } });
    expect(await shippingEvents(order!.id)).toEqual([
      { kind: 'shipping', from_state: 'session_open', to_state: 'session_open', event: 'complete_session_failed', source: 'shopper' },
    ]);
    await control('ingrid', 'faults', { failNext: 0 });
    expect(await sessionsOf(v.id)).toEqual([expect.objectContaining({ status: 'ACTIVE', external_id: null })]);
  });
});

describe('the processor the visitor asks for', () => {
  it('anything but eel or external is eel: eel options, no Ingrid session, served by eel', async () => {
    for (const asked of ['ingrid', '<x>', 'EXTERNAL', '']) {
      const v = await openCheckout({ items: [{ sku: product().sku, quantity: 1 }], shipping_processor: asked });
      expect(v.shipping_processor, asked).toBe('eel');
    }
    const v = await openCheckout({ items: [{ sku: product().sku, quantity: 1 }], shipping_processor: 'garbage' });
    const withCustomer = viewOf(await update(v.id, { customer: SV }));
    const ids = withCustomer.shipping_options.map((o) => o.id);
    expect(ids.length).toBeGreaterThan(1);
    expect(ids.some((id) => SE_OPTIONS.some((o) => o[0] === id))).toBe(false);
    const home = withCustomer.shipping_options.find((o) => !o.has_service_points)!;
    await update(v.id, { shipping_option_id: home.id, payment_method: 'invoice' });
    expect((await place(v.id)).status).toBe(200);
    const [order] = await ordersOf(v.id);
    expect(parseOrderDetails(order!.details).shipping).toMatchObject({ processor: 'eel', served_by: 'eel', session_id: null });
    expect((await shop.providerSessions(v.id)).shipping).toBeUndefined();
    expect(await shippingEvents(order!.id)).toEqual([]);
    expect(await sessionsOf(v.id)).toEqual([]);
  });

  it('a resumed checkout follows the processor the visitor asks for now; the other processor’s choice is dropped', async () => {
    const sku = product().sku;
    const eel = await openCheckout({ items: [{ sku, quantity: 1 }], shipping_processor: 'eel' });
    const withCustomer = viewOf(await update(eel.id, { customer: SV }));
    await update(eel.id, { shipping_option_id: withCustomer.shipping_options[0]!.id });
    const resumed = await openCheckout({ checkout_id: eel.id, items: [{ sku, quantity: 1 }], shipping_processor: 'external' });
    expect(resumed.id).toBe(eel.id);
    expect(resumed.shipping_processor).toBe('external');
    expect(resumed.shipping_option_id).toBeNull();
    expect(resumed.shipping_options.map((o) => o.id)).toEqual(SE_OPTIONS.map((o) => o[0]));
    // An older client that names no processor keeps the recorded one.
    expect((await openCheckout({ checkout_id: eel.id, items: [{ sku, quantity: 1 }] })).shipping_processor).toBe('external');
  });
});
