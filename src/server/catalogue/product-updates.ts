/**
 * An operator's price or stock change (docs/product/api.md#operator-product-updates), written together with its
 * change-feed row in one transaction, so every node re-renders the product's pages — and the pages showing it —
 * exactly when the change is committed (docs/adr/0017-incremental-pages.md).
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { ProductUpdate, ProductUpdateAnswer } from '#lib/api/product-update-contracts.ts';
import type { PriceObject } from '#lib/catalogue/types.ts';
import { unitPrice } from '#lib/pricing/tiers.ts';
import { NotFoundError } from '#lib/errors/domain-errors.ts';
import { orderableByStatus } from '#lib/catalogue/back-in-stock.ts';
import { recordChange } from './change-feed.ts';
import { productTag } from './page-tags.ts';
import { historyRows, recordPriceHistory } from './price-history.ts';

/** The product is not sold in this storefront (no such sku, or no price row here): a not_found about `sku`. */
export class ProductNotFound extends NotFoundError {
  constructor(message: string) {
    super(message, 'sku');
  }
}

export async function updateProduct(db: Db, locale: LocaleCode, sku: string, u: ProductUpdate): Promise<ProductUpdateAnswer> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('products as p')
      .innerJoin('product_prices as pr', (j) => j.onRef('pr.product_id', '=', 'p.id').on('pr.locale', '=', locale))
      .where('p.sku', '=', sku)
      .select(['p.id', 'p.stock_status', 'p.stock_quantity', 'p.estimated_at', 'pr.prices', 'pr.vat'])
      .executeTakeFirst();
    if (!row) throw new ProductNotFound(`no product ${sku} in this storefront`);
    const now = new Date().toISOString();
    const priceChanged = u.prices !== undefined || u.vat !== undefined;
    const stockChanged = u.stock_status !== undefined || u.stock_quantity !== undefined || u.estimated_at !== undefined;
    const prices: PriceObject = u.prices ?? (JSON.parse(row.prices) as PriceObject);
    const vat = u.vat ?? row.vat;
    if (priceChanged)
      await trx
        .updateTable('product_prices')
        .set({ prices: JSON.stringify(prices), vat, unit_price: unitPrice(prices, 1) })
        .where('product_id', '=', row.id)
        .where('locale', '=', locale)
        .execute();
    // every price change is history for the prior price of a later reduction (docs/adr/0022-prior-price.md)
    if (u.prices !== undefined) await recordPriceHistory(trx, historyRows(row.id, locale, prices, now, 'operator'));
    const stock = {
      stock_status: u.stock_status ?? row.stock_status,
      stock_quantity: u.stock_quantity ?? row.stock_quantity,
      estimated_at: u.estimated_at !== undefined ? u.estimated_at : row.estimated_at,
    };
    // a new stock status says whether the product can be ordered (cart and back-in-stock read `orderable`):
    // docs/product/parts-finder.md#back-in-stock
    const orderable = u.stock_status !== undefined ? { orderable: orderableByStatus(u.stock_status) ? 1 : 0 } : {};
    if (stockChanged || priceChanged)
      await trx
        .updateTable('products')
        .set({ ...stock, ...orderable, updated_at: now })
        .where('id', '=', row.id)
        .execute();
    // a price is per storefront; stock is the same product in every storefront
    const locales = stockChanged ? [] : [locale];
    const tags = [productTag(row.id)];
    const seq = await recordChange(trx, {
      tags,
      locales,
      reason: [priceChanged && 'price', stockChanged && 'stock'].filter(Boolean).join('+'),
      changedBy: u.changed_by,
    });
    return {
      product: { sku, locale, prices, vat, ...stock },
      change: { seq, tags, locales },
    };
  });
}
