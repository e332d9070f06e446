/**
 * What the checkout API suites share: the checkout calls, a checkout made ready to place, the round trip
 * through a provider's hosted page, and (`useCheckoutApi`) the file's database, products and sandbox.
 * The sandbox is the one the global setup started: the server pays and ships through it.
 */
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { checkoutViewSchema, placeOrderResponseSchema, type CheckoutView } from '#lib/api/checkout-contracts.ts';
import type { ProviderSessionRecord } from '#server/checkout/checkout-repository.ts';
import type { DbHandle } from '#server/db/connection.ts';
import type { PaymentSessionKind } from '#server/payments/payment-provider.ts';
import { openPage, submit } from '#sandbox/shared/form-browser.ts';
import { backToShop, sandboxControl, type SandboxPrefix } from '#tests/providers/provider-sandbox.ts';
import { business, consumer } from '#tests/support/checkout-customers.ts';
import { postJson, request, type TestResponse } from '#tests/support/http.ts';
import { api, openTestDb, productsOf, type TestProduct } from './api-support.ts';

export const sandbox = inject('sandboxUrl');

export const control = (prefix: SandboxPrefix, name: string, body?: unknown) => sandboxControl(sandbox, prefix, name, body);
/** The emulator's log of the notifications it sent the shop. */
export const deliveries = async (prefix: SandboxPrefix) =>
  (await (await fetch(`${sandbox}/${prefix}/_sandbox/notifications`)).json()) as { label: string; outcome: string }[];
export const inStock = (min: number) => (p: TestProduct) => p.orderable === 1 && p.stock_status === 'in-stock' && p.stock_quantity >= min;

export const viewOf = (r: TestResponse) => checkoutViewSchema.parse(r.json());
export const update = (id: string, body: object, locale: LocaleCode = 'sv') => postJson(api(`/api/checkout/${id}`, locale), body);
export const view = async (id: string, locale: LocaleCode = 'sv') => viewOf(await request(api(`/api/checkout/${id}`, locale)));
export const place = (id: string, locale: LocaleCode = 'sv') =>
  postJson(api(`/api/checkout/${id}/place`, locale), { terms_accepted: true });

/** POST /api/checkout (no coupons unless `body` names some): must open. */
export async function openCheckout(body: object, locale: LocaleCode = 'sv'): Promise<CheckoutView> {
  const r = await postJson(api('/api/checkout', locale), { coupons: [], ...body });
  expect(r.status, r.body).toBe(200);
  return viewOf(r);
}

/** An update the test expects to be taken: answers the new view. */
export async function step(id: string, body: object, locale: LocaleCode = 'sv'): Promise<CheckoutView> {
  const r = await update(id, body, locale);
  expect(r.status, r.body).toBe(200);
  return viewOf(r);
}

/** Places with an external method: nothing is ordered yet, the browser is sent to the provider's hosted page. */
export async function hostedPage(id: string, locale: LocaleCode = 'sv'): Promise<string> {
  const r = await place(id, locale);
  expect(r.status).toBe(200);
  const placed = placeOrderResponseSchema.parse(r.json());
  expect(placed.order_number).toBeNull();
  expect(placed.redirect_url.startsWith(`${sandbox}/`)).toBe(true);
  return placed.redirect_url;
}

/** Presses `button` on the hosted page; answers where the provider sends the browser back to the shop (not followed). */
export async function pay(url: string, button: string, values: Record<string, string> = {}): Promise<string> {
  return backToShop(await submit(await openPage(url), button, values)).href;
}

/** Follows the return URL (its session kind starting with `kind`) like the browser: answers where the shop's 303 sends it. */
export async function back(location: string, locale: LocaleCode = 'sv', kind = ''): Promise<string> {
  const sid = LOCALES[locale].storeID;
  expect(location).toMatch(
    new RegExp(`^http://${locale}\\.localhost:\\d+/api/checkout/[\\w-]+/return\\?locale=${locale}&sid=${sid}&kind=${kind}`),
  );
  const r = await request(location);
  expect(r.status).toBe(303);
  return String(r.headers.location);
}

/** Polls until `ok` (notifications arrive on their own time); answers the last value for the test to assert on. */
export async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 8000): Promise<T> {
  for (const deadline = Date.now() + ms; ;) {
    const v = await what();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface CheckoutApiOptions {
  /** Each storefront's products for this file: a slice of its own, so files never take each other's stock. */
  products?: Partial<Record<LocaleCode, (all: TestProduct[]) => TestProduct[]>>;
  /** Emulators reset before the file and cleared of faults after each test. */
  sandbox?: SandboxPrefix[];
}

interface ReadyOptions {
  locale?: LocaleCode;
  customer?: object;
  /** Of the next product of the pool, unless `items` names the lines. */
  quantity?: number;
  items?: { sku: string; quantity: number }[];
}

/** Register at the top level of a test file, before the file's own hooks. */
export function useCheckoutApi(opts: CheckoutApiOptions = {}) {
  const pools: Partial<Record<LocaleCode, TestProduct[]>> = {};
  const turns: Partial<Record<LocaleCode, number>> = {};
  /** Each emulator's faults as a reset leaves them (all off): restored after every test. */
  const noFaults: Partial<Record<SandboxPrefix, unknown>> = {};
  const box = {
    /** Set in beforeAll. */
    h: undefined as unknown as DbHandle,
    /** The storefront's products as `opts.products` chose them. */
    pool: (locale: LocaleCode = 'sv') => pools[locale]!,
    /** The pool's products in turn, so stock taken by one test never starves another. */
    product(locale: LocaleCode = 'sv'): TestProduct {
      const i = turns[locale] ?? 0;
      turns[locale] = i + 1;
      return box.pool(locale)[i % box.pool(locale).length]!;
    },
    ordersOf: (checkoutId: string) => box.h.db.selectFrom('orders').selectAll().where('checkout_id', '=', checkoutId).execute(),
    /** The checkout's provider sessions by kind (payment kinds, `shipping`), as the server recorded them. */
    async providerSessions(checkoutId: string): Promise<Partial<Record<string, ProviderSessionRecord>>> {
      const row = await box.h.db.selectFrom('checkouts').select('provider_sessions').where('id', '=', checkoutId).executeTakeFirstOrThrow();
      return JSON.parse(row.provider_sessions);
    },
    async sessionOf(checkoutId: string, kind: PaymentSessionKind | 'shipping'): Promise<ProviderSessionRecord> {
      const session = (await box.providerSessions(checkoutId))[kind];
      if (!session) throw new Error(`checkout ${checkoutId} has no ${kind} session`);
      return session;
    },
    /** The checkout's only order, for exactly its total and authorised; with its details parsed. */
    async onlyOrder(v: CheckoutView) {
      const [order, ...more] = await box.ordersOf(v.id);
      expect(more).toHaveLength(0);
      expect(Number(order!.total_minor)).toBe(v.totals.total_minor);
      expect(order!.payment_status).toBe('authorized');
      return { order: order!, details: JSON.parse(order!.details) };
    },
    /** After a payment that did not complete: the checkout open again with its cart as it was, and no order. */
    async expectReopened(v: CheckoutView) {
      const open = await view(v.id);
      expect(open.status).toBe('open');
      expect(open.items.map((l) => [l.sku, l.quantity])).toEqual(v.items.map((l) => [l.sku, l.quantity]));
      expect(await box.ordersOf(v.id)).toHaveLength(0);
    },
    /** The provider's notification, not the shopper's return, made the checkout's one order. */
    async orderFromNotification(checkoutId: string) {
      const orders = await until(
        () => box.ordersOf(checkoutId),
        (o) => o.length > 0,
      );
      expect(orders).toHaveLength(1);
      const events = await box.h.db
        .selectFrom('order_events')
        .select(['kind', 'source'])
        .where('order_id', '=', orders[0]!.id)
        .orderBy('kind')
        .execute();
      expect(events).toEqual([
        { kind: 'order', source: 'notification' },
        { kind: 'payment', source: 'notification' },
      ]);
      return orders[0]!;
    },
    /** A checkout ready to place with `method`: customer, the first shipping option (and its first service point). */
    async ready(
      method: string,
      { locale = 'sv', customer = consumer(locale), quantity = 1, items }: ReadyOptions = {},
    ): Promise<CheckoutView> {
      const v = await openCheckout({ items: items ?? [{ sku: box.product(locale).sku, quantity }] }, locale);
      const withOptions = await step(v.id, { customer }, locale);
      expect(withOptions.problems).toEqual([]);
      const option = withOptions.shipping_options[0]!;
      let out = await step(v.id, { shipping_option_id: option.id, payment_method: method }, locale);
      if (option.has_service_points) out = await step(v.id, { service_point_id: out.service_points[0]!.id }, locale);
      expect(out.payment_method).toBe(method);
      return out;
    },
    /** A guest's placed order in sv (not shipped): `card` paid on the Adyen sandbox's page (authorised), else placed. */
    async guestOrder(method: 'invoice' | 'card' | 'invoice-business', quantity: number) {
      const customer = method === 'invoice-business' ? business('sv') : consumer('sv');
      const v = await box.ready(method, { customer, quantity });
      if (method === 'card') {
        expect(await back(await pay(await hostedPage(v.id), 'pay', { number: '4111 1111 1111 1111' }))).toBe(
          `/checkout/confirmation/${v.id}`,
        );
      } else {
        const r = await place(v.id);
        expect(r.status, r.body).toBe(200);
      }
      const [order] = await box.ordersOf(v.id);
      return { v, customer, number: order!.id };
    },
  };
  beforeAll(async () => {
    box.h = openTestDb();
    for (const [locale, pick] of Object.entries(opts.products ?? {}) as [LocaleCode, (all: TestProduct[]) => TestProduct[]][])
      pools[locale] = pick(await productsOf(box.h, locale));
    for (const prefix of opts.sandbox ?? []) {
      await control(prefix, 'reset');
      noFaults[prefix] = await (await fetch(`${sandbox}/${prefix}/_sandbox/faults`)).json();
    }
  });
  afterEach(async () => {
    for (const prefix of opts.sandbox ?? []) await control(prefix, 'faults', noFaults[prefix]);
  });
  afterAll(async () => {
    await box.h?.db.destroy();
  });
  return box;
}
