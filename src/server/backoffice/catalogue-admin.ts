/**
 * The back office's catalogue reads (docs/product/back-office.md#catalogue-products): product search by sku or
 * name, and one product with its price per storefront (normal and campaign tiers, the prior price of a reduction
 * as the public pages announce it), stock and status. Changes go through the operator API's service
 * (updateProduct in src/server/catalogue/product-updates.ts), so the change feed re-renders the public pages.
 */
import { sql } from 'kysely';
import type { Db } from '#server/db/connection.ts';
import type { PriceObject } from '#lib/catalogue/types.ts';
import { LOCALE_CODES, type LocaleCode } from '#lib/market/locales.ts';
import { campaignPriorPrices } from '#lib/pricing/prior-price.ts';
import { priorPricesOf } from '#server/catalogue/price-history.ts';

export interface CatalogueHit {
  sku: string;
  name: string;
  stockStatus: string;
  stockQuantity: number;
  orderable: boolean;
}

const SEARCH_LIMIT = 50;

/** Products whose sku starts with, or whose Swedish name contains, the text (case-insensitive), by sku. */
export async function searchCatalogue(db: Db, text: string, limit = SEARCH_LIMIT): Promise<CatalogueHit[]> {
  const q = text.trim().toLowerCase().slice(0, 100);
  if (!q) return [];
  const like = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await db
    .selectFrom('products as p')
    .leftJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', 'sv'))
    .select(['p.sku', 't.name', 'p.stock_status', 'p.stock_quantity', 'p.orderable'])
    .where((eb) =>
      eb.or([
        eb(eb.fn<string>('lower', ['p.sku']), 'like', sql<string>`${`${like}%`} escape '\\'`),
        eb(eb.fn<string>('lower', ['t.name']), 'like', sql<string>`${`%${like}%`} escape '\\'`),
      ]),
    )
    .orderBy('p.sku')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    sku: r.sku,
    name: r.name ?? r.sku,
    stockStatus: r.stock_status,
    stockQuantity: Number(r.stock_quantity),
    orderable: Number(r.orderable) === 1,
  }));
}

export interface StorefrontPrice {
  locale: LocaleCode;
  prices: PriceObject;
  vat: number;
  /** Campaign tiers whose reduction may be announced, with the prior price (minor units incl. VAT). */
  prior: { q: number; minor: number; reducedAt: string }[];
}

export interface StaffProduct {
  id: number;
  sku: string;
  name: string;
  stockStatus: string;
  stockQuantity: number;
  estimatedAt: string | null;
  orderable: boolean;
  updatedAt: string;
  prices: StorefrontPrice[];
}

export async function staffProduct(db: Db, sku: string, now = new Date()): Promise<StaffProduct | undefined> {
  const p = await db
    .selectFrom('products as p')
    .leftJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', 'sv'))
    .select(['p.id', 'p.sku', 't.name', 'p.stock_status', 'p.stock_quantity', 'p.estimated_at', 'p.orderable', 'p.updated_at'])
    .where('p.sku', '=', sku)
    .executeTakeFirst();
  if (!p) return undefined;
  const priceRows = await db.selectFrom('product_prices').select(['locale', 'prices', 'vat']).where('product_id', '=', p.id).execute();
  const prices: StorefrontPrice[] = [];
  for (const locale of LOCALE_CODES) {
    const row = priceRows.find((r) => r.locale === locale);
    if (!row) continue;
    const object = JSON.parse(row.prices) as PriceObject;
    const prior = (await priorPricesOf(db, locale, [p.id], now)).get(p.id) ?? {};
    prices.push({
      locale,
      prices: object,
      vat: Number(row.vat),
      prior: campaignPriorPrices(object, prior).map((x) => ({ q: x.q, minor: x.minor, reducedAt: x.reduced_at })),
    });
  }
  return {
    id: p.id,
    sku: p.sku,
    name: p.name ?? p.sku,
    stockStatus: p.stock_status,
    stockQuantity: Number(p.stock_quantity),
    estimatedAt: p.estimated_at,
    orderable: Number(p.orderable) === 1,
    updatedAt: p.updated_at,
    prices,
  };
}
