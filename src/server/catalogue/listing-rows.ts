/**
 * A storefront's products as listing items, read in id chunks (never the whole table at once): what the server's
 * listing index and the build's streamed first pages are made of (docs/adr/0012-listing-pages.md,
 * docs/adr/0031-build-in-bounded-memory.md).
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { PriceObject } from '#lib/catalogue/types.ts';
import { availabilityOf } from '#lib/catalogue/listing-query.ts';
import { stockRank } from '#lib/catalogue/listing-filter.ts';
import { unitPrice } from '#lib/pricing/tiers.ts';
import { push } from '#lib/catalogue/map-of-lists.ts';
import { localizedProducts } from './localized-products.ts';

/** Products per read: node:sqlite is synchronous, so a reader yields to requests between chunks. */
export const LISTING_CHUNK = 2000;

/** The columns an item's price and stock come from (also what a change re-reads). */
export const ITEM_COLUMNS = ['p.id', 'p.brand_id', 'p.stock_status', 'p.orderable', 't.name', 'pr.prices', 'pr.vat'] as const;

export interface ItemRow {
  id: number;
  brand_id: number | null;
  stock_status: string;
  orderable: number | boolean;
  name: string;
  prices: string;
  vat: number;
}

/** The parts of an item a price or stock change moves. */
export const itemFacts = (r: Pick<ItemRow, 'stock_status' | 'orderable' | 'prices' | 'vat'>) => ({
  stockRank: stockRank(r.stock_status, !!r.orderable),
  availability: availabilityOf(r.stock_status),
  price: unitPrice(JSON.parse(r.prices) as PriceObject, 1),
  vat: r.vat,
});

export interface ItemChunk {
  rows: ItemRow[];
  categoriesOf: Map<number, number[]>;
  tagsOf: Map<number, number[]>;
}

/** The storefront's products in id order, a chunk at a time, with their category and tag ids. */
export async function* listingRowChunks(db: Db, locale: LocaleCode, chunk = LISTING_CHUNK): AsyncGenerator<ItemChunk> {
  for (let last = 0; ;) {
    const rows: ItemRow[] = await localizedProducts(db, locale)
      .select(ITEM_COLUMNS)
      .where('p.id', '>', last)
      .orderBy('p.id')
      .limit(chunk)
      .execute();
    if (rows.length === 0) return;
    const first = last;
    last = rows[rows.length - 1].id;
    const [cats, tags] = await Promise.all([
      db
        .selectFrom('product_categories')
        .select(['product_id', 'category_id'])
        .where('product_id', '>', first)
        .where('product_id', '<=', last)
        .execute(),
      db
        .selectFrom('product_tags')
        .select(['product_id', 'tag_id'])
        .where('product_id', '>', first)
        .where('product_id', '<=', last)
        .execute(),
    ]);
    const out: ItemChunk = { rows, categoriesOf: new Map(), tagsOf: new Map() };
    for (const c of cats) push(out.categoriesOf, c.product_id, c.category_id);
    for (const t of tags) push(out.tagsOf, t.product_id, t.tag_id);
    yield out;
  }
}
