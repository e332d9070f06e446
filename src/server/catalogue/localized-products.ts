/**
 * Products joined with their translation and price row in one storefront: the base of every query that
 * shows or prices a product (listings, search results, cart lines). Callers pick the columns.
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';

export const localizedProducts = (db: Db, locale: LocaleCode) =>
  db
    .selectFrom('products as p')
    .innerJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', locale))
    .innerJoin('product_prices as pr', (j) => j.onRef('pr.product_id', '=', 'p.id').on('pr.locale', '=', locale));

/** The columns every product card shows and prices from: a page product's and a search result's alike. */
export const CARD_COLUMNS = [
  'p.id',
  'p.sku',
  'p.group_id',
  'p.discount_category',
  'p.stock_status',
  'p.estimated_at',
  'p.orderable',
  'p.notifyable',
  'p.decoration',
  'p.variations',
  't.name',
  't.slug',
  'pr.prices',
  'pr.vat',
] as const;

/** The columns of a product as the storefront pages show it (PageProduct): the static pages and the on-demand listings. */
export const PAGE_PRODUCT_COLUMNS = [...CARD_COLUMNS, 'p.type', 'p.brand_id', 'p.updated_at', 't.description', 'pr.unit_price'] as const;

/** The PAGE_PRODUCT_COLUMNS of a storefront's products (the caller narrows: by id, in order …). */
export const pageProductRows = (db: Db, locale: LocaleCode) => localizedProducts(db, locale).select(PAGE_PRODUCT_COLUMNS);
export type PageProductRow = Awaited<ReturnType<ReturnType<typeof pageProductRows>['executeTakeFirstOrThrow']>>;
