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
