/**
 * Price changes in browser specs (docs/adr/0017-incremental-pages.md): an in-stock product with one price tier
 * and no campaign, late in the catalogue (`skip` keeps specs apart), and the operator API's PATCH to put a price
 * back afterwards.
 */
import { LOCALES } from '#lib/market/locales.ts';
import type { PriceObject } from '#lib/catalogue/types.ts';
import { request } from '#tests/support/http.ts';
import { E2E_PORT, TEST_OPERATOR_TOKEN } from '#tests/support/test-env.ts';
import { withDb } from './account-fixtures.ts';

export const setPrice = (sku: string, prices: PriceObject) =>
  request(`http://sv.localhost:${E2E_PORT}/api/operator/products/${sku}?locale=sv&sid=${LOCALES.sv.storeID}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
    body: JSON.stringify({ prices, changed_by: 'e2e' }),
  });

/** The sv product `skip` places from the end of the plain in-stock ones, with its slug and price object. */
export const plainInStockProduct = (skip: number) =>
  withDb((db) =>
    db
      .selectFrom('products as p')
      .innerJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', 'sv'))
      .innerJoin('product_prices as pr', (j) => j.onRef('pr.product_id', '=', 'p.id').on('pr.locale', '=', 'sv'))
      .where('p.stock_status', '=', 'in-stock')
      .where('p.variations', '=', '[]')
      .where('pr.prices', 'not like', '%"c"%')
      .select(['p.sku', 't.slug', 'pr.prices'])
      .orderBy('p.id', 'desc')
      .offset(skip)
      .limit(1)
      .executeTakeFirstOrThrow(),
  );
