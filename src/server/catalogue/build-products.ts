/**
 * The product pages a build prerenders, and their products read in batches in the build's order
 * (docs/adr/0031-build-in-bounded-memory.md): the build holds the chosen pages' ids and slugs and a few batches of
 * products, never the catalogue. Which pages: PARTSFRONT_PRERENDER_PRODUCTS (docs/adr/0017-incremental-pages.md#decision)
 * — the ones a shopper is likeliest to open first: in stock, then orderable, then the rest, by id within each; the
 * others render on their first request. A product replaced and no longer sold has no page (part-numbers.ts).
 */
import { sql } from 'kysely';
import { getDb, type Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { localizedProducts } from './localized-products.ts';
import { listingProducts } from './listing-products.ts';
import { buildBrands, type PageProduct } from './page-catalogue.ts';

/** Products read at once while the pages render (in the order getStaticPaths gave them). */
const BATCH = 250;
/** Batches kept per storefront: the build renders a few pages at once (astro.config's concurrency). */
const KEPT = 3;

export interface BuiltProduct {
  product: PageProduct;
  /** Its slug per storefront (hreflang alternates). */
  slugs: Partial<Record<LocaleCode, string>>;
}

interface Chosen {
  ids: number[];
  position: Map<number, number>;
  batches: Map<number, Promise<Map<number, BuiltProduct>>>;
}
const chosen = new Map<LocaleCode, Chosen>();

/** The `limit` pages to prerender in this storefront, in the order they are rendered. */
export async function productPagesToBuild(locale: LocaleCode, limit: number, db: Db = getDb()): Promise<{ id: number; slug: string }[]> {
  const rows = await localizedProducts(db, locale)
    .where((eb) =>
      eb.or([
        eb('p.orderable', '=', 1),
        eb.not(eb.exists(eb.selectFrom('product_supersessions as s').whereRef('s.product_id', '=', 'p.id').select('s.product_id'))),
      ]),
    )
    .select(['p.id', 't.slug'])
    .orderBy(sql`CASE WHEN p.stock_status = 'in-stock' THEN 0 WHEN p.orderable = 1 THEN 1 ELSE 2 END`)
    .orderBy('p.id')
    .limit(limit)
    .execute();
  const ids = rows.map((r) => r.id);
  chosen.set(locale, { ids, position: new Map(ids.map((id, i) => [id, i])), batches: new Map() });
  return rows;
}

async function loadBatch(locale: LocaleCode, ids: number[]): Promise<Map<number, BuiltProduct>> {
  const { byId } = await buildBrands();
  const [products, slugRows] = await Promise.all([
    listingProducts(locale, ids, byId),
    getDb().selectFrom('product_translations').where('product_id', 'in', ids).select(['product_id', 'locale', 'slug']).execute(),
  ]);
  const slugs = new Map<number, Partial<Record<LocaleCode, string>>>();
  for (const r of slugRows) slugs.set(r.product_id, { ...slugs.get(r.product_id), [r.locale]: r.slug });
  return new Map(products.map((p) => [p.id, { product: p, slugs: slugs.get(p.id) ?? {} }]));
}

/** A chosen page's product, read with the next pages' products; null when it is no longer sold here. */
export async function builtProduct(locale: LocaleCode, id: number): Promise<BuiltProduct | null> {
  const c = chosen.get(locale);
  const at = c?.position.get(id);
  if (!c || at === undefined) return (await loadBatch(locale, [id])).get(id) ?? null;
  const start = at - (at % BATCH);
  let batch = c.batches.get(start);
  if (!batch) {
    batch = loadBatch(locale, c.ids.slice(start, start + BATCH));
    c.batches.set(start, batch);
    if (c.batches.size > KEPT) c.batches.delete(c.batches.keys().next().value!);
  }
  return (await batch).get(id) ?? null;
}
