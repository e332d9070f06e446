/** Shared helpers of the islands e2e specs: real products from the test database, seeded client state. */
import type { APIRequestContext, Page } from '@playwright/test';
import { openDb } from '#server/db/connection.ts';
import { ImageType, type PriceObject } from '#lib/catalogue/types.ts';
import type { CartProductInput } from '#lib/cart/product-input.ts';
import { itemFromProduct, type CartItem } from '#lib/cart/client-rules.ts';
import { EMPTY_CART, type CartState } from '#lib/cart/client-state.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { E2E_PORT, TEST_SQLITE_FILE } from '#tests/support/test-env.ts';

export interface DemoProduct extends CartProductInput {
  stock_quantity: number;
}

/** In-stock, orderable products without variations (optionally with several price tiers), ordered by id. */
export async function demoProducts(
  locale: LocaleCode,
  n: number,
  opts: { tiered?: boolean; variations?: boolean; anyQuantity?: boolean } = {},
): Promise<DemoProduct[]> {
  const { db } = openDb({ kind: 'sqlite', file: TEST_SQLITE_FILE });
  try {
    const rows = await db
      .selectFrom('products as p')
      .innerJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', locale))
      .innerJoin('product_prices as pr', (j) => j.onRef('pr.product_id', '=', 'p.id').on('pr.locale', '=', locale))
      .leftJoin('product_images as i', (j) => j.onRef('i.product_id', '=', 'p.id').on('i.type', '=', ImageType.Thumb))
      .select([
        'p.id',
        'p.sku',
        'p.type',
        'p.group_id',
        'p.discount_category',
        'p.stock_status',
        'p.stock_quantity',
        'p.estimated_at',
        'p.orderable',
        'p.variations',
        't.name',
        't.slug',
        'pr.prices',
        'pr.vat',
        'i.url as thumb_url',
        'i.width as thumb_w',
        'i.height as thumb_h',
      ])
      .where('p.stock_status', '=', 'in-stock')
      .where('p.orderable', '=', 1)
      .where('p.stock_quantity', '>=', opts.anyQuantity ? 0 : 50)
      .orderBy('p.id')
      .execute();
    const out: DemoProduct[] = rows.map((r) => ({
      product_id: r.id,
      sku: r.sku,
      name: r.name,
      slug: r.slug,
      url: pathFor('product', locale, { slug: r.slug }),
      type: r.type,
      thumb: r.thumb_url ? { url: r.thumb_url, width: r.thumb_w ?? 160, height: r.thumb_h ?? 160 } : null,
      prices: JSON.parse(r.prices) as PriceObject,
      vat: r.vat,
      categories: [],
      group_id: r.group_id,
      discount_category: r.discount_category,
      stock_status: r.stock_status,
      estimated_at: r.estimated_at,
      orderable: true,
      variations: JSON.parse(r.variations),
      stock_quantity: r.stock_quantity,
    }));
    return out
      .filter((p) => opts.anyQuantity || (opts.variations ? p.variations.length > 0 : p.variations.length === 0))
      .filter((p) => !opts.tiered || (p.prices.n.length >= 2 && !p.prices.c?.length))
      .slice(0, n);
  } finally {
    await db.destroy();
  }
}

export function line(p: CartProductInput, quantity: number, uuid = `line-${p.sku}`, extra: Partial<CartItem> = {}): CartItem {
  return { ...itemFromProduct(p, quantity, uuid), ...extra };
}

/** Puts a cart into localStorage before any page script runs (first navigation only). */
export async function seedCart(page: Page, items: CartItem[], extra: Partial<CartState> = {}): Promise<void> {
  const state = JSON.stringify({ ...EMPTY_CART, ...extra, items });
  await page.addInitScript((s) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('td02:cart', s);
      sessionStorage.setItem('seeded', '1');
    }
  }, state);
}

/** Skips the consent bar (a saved choice) so it does not cover what a test clicks. */
export async function consentGiven(page: Page, origin: string, value = 1): Promise<void> {
  const host = new URL(origin).hostname;
  await page.context().addCookies([{ name: '__consent', value: String(value), domain: host, path: '/' }]);
}

/** React hydration errors (#418/#423/#425) and uncaught errors of a page. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && /React|hydrat|#41[89]|#42[35]/i.test(m.text())) errors.push(m.text());
  });
  return errors;
}

/** Waits until the page script has wired the header (cart button, search, VAT switch, account link). */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-islands="ready"]').waitFor({ state: 'attached' });
}

/** A request to a storefront by Host header (Node does not resolve *.localhost the way Chromium does). */
export function hostGet(request: APIRequestContext, locale: LocaleCode, path: string, opts: { maxRedirects?: number } = {}) {
  return request.get(`http://127.0.0.1:${E2E_PORT}${path}`, { ...opts, headers: { host: `${locale}.localhost:${E2E_PORT}` } });
}
