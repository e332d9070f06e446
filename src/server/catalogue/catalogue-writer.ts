/**
 * The pieces both catalogue imports write with: the whole JSON document (write-catalogue.ts) and the streamed
 * JSON Lines file (import-lines.ts, docs/product/catalogue.md#json-lines). The rows of a product come from one
 * function, so the delta import compares exactly what a full import would write.
 */
import type { Db } from '#server/db/connection.ts';
import type { Catalogue } from './catalogue-schema.ts';
import { unitPrice } from '#lib/pricing/tiers.ts';
import { couponRow } from '#server/coupons/coupon-document.ts';
import type { RelationRows } from './accessories-import.ts';
import { productNumberRows, type ModelRows } from './model-import.ts';
import { historyRows } from './price-history.ts';
import { BATCH, insertRows } from './bulk-insert.ts';
import { toMinorUnits } from '#lib/pricing/minor-units.ts';
import type {
  PriceHistoryTable,
  ProductCategoriesTable,
  ProductImagesTable,
  ProductPricesTable,
  ProductTagsTable,
  ProductTranslationsTable,
  ProductsTable,
} from '#server/db/schema.ts';
import type { ProductNumbersTable } from '#server/db/appliance-model-tables.ts';

export { BATCH, importBatch } from './bulk-insert.ts';

export type Trx = Parameters<Parameters<ReturnType<Db['transaction']>['execute']>[0]>[0];
export type ProductRecord = Catalogue['products'][number];

export const bool = (b: boolean) => (b ? 1 : 0);

/** Every catalogue table, children before parents: the delete order respects the foreign keys. */
const CATALOGUE_TABLES = [
  'model_parts',
  'model_diagrams',
  'appliance_model_aliases',
  'appliance_models',
  'diagrams',
  'product_supersessions',
  'product_numbers',
  'upsell_bundle_lines',
  'upsell_bundles',
  'product_accessories',
  'deals',
  'product_images',
  'product_tags',
  'product_categories',
  'product_prices',
  'product_translations',
  'products',
  'tag_translations',
  'tags',
  'brands',
  'category_translations',
  'content_pages',
  'widgets',
  'search_triggers',
  'coupons',
] as const;

/** Empties the catalogue (a full import replaces it). */
export async function clearCatalogue(trx: Trx): Promise<void> {
  for (const table of CATALOGUE_TABLES) await trx.deleteFrom(table).execute();
  // Categories: delete leaves upwards by clearing parent links first.
  await trx.updateTable('categories').set({ parent_id: null }).execute();
  await trx.deleteFrom('categories').execute();
}

/** What a product's search text names besides itself: its brand's name and its categories' names. */
export interface NameLookups {
  brandName: ReadonlyMap<number, string>;
  categoryNames: ReadonlyMap<number, Record<string, string>>;
}

export function nameLookups(categories: Catalogue['categories'], brands: Catalogue['brands']): NameLookups {
  return {
    brandName: new Map(brands.map((b) => [b.id, b.name])),
    categoryNames: new Map(categories.map((c) => [c.id, Object.fromEntries(Object.entries(c.translations).map(([l, t]) => [l, t!.name]))])),
  };
}

export async function insertTaxonomy(
  trx: Trx,
  categories: Catalogue['categories'],
  brands: Catalogue['brands'],
  tags: Catalogue['tags'],
): Promise<void> {
  await insertRows(
    trx,
    'categories',
    categories.map((c) => ({
      id: c.id,
      parent_id: null,
      sort_order: c.sort_order,
      show_in_menu: bool(c.show_in_menu),
      show_in_main_menu: bool(c.show_in_main_menu),
      thumb_url: c.thumb?.url ?? null,
      thumb_width: c.thumb?.width ?? null,
      thumb_height: c.thumb?.height ?? null,
    })),
  );
  for (const c of categories.filter((c) => c.parent_id !== null)) {
    await trx.updateTable('categories').set({ parent_id: c.parent_id }).where('id', '=', c.id).execute();
  }
  await insertRows(
    trx,
    'category_translations',
    categories.flatMap((c) =>
      Object.entries(c.translations).map(([locale, t]) => ({
        category_id: c.id,
        locale,
        name: t!.name,
        slug: t!.slug,
        description: t!.description ?? null,
      })),
    ),
  );
  await insertRows(
    trx,
    'brands',
    brands.map((b) => ({ ...b, safety: b.safety ? JSON.stringify(b.safety) : null })),
  );
  await insertRows(
    trx,
    'tags',
    tags.map((t) => ({ id: t.id })),
  );
  await insertRows(
    trx,
    'tag_translations',
    tags.flatMap((t) => Object.entries(t.translations).map(([locale, tt]) => ({ tag_id: t.id, locale, name: tt!.name, slug: tt!.slug }))),
  );
}

/** The rows one batch of products is stored as (images without their id, numbers without supersession). */
export interface ProductBatchRows {
  products: ProductsTable[];
  translations: ProductTranslationsTable[];
  prices: ProductPricesTable[];
  categories: ProductCategoriesTable[];
  tags: ProductTagsTable[];
  images: Omit<ProductImagesTable, 'id'>[];
  numbers: ProductNumbersTable[];
}

export function productBatchRows(chunk: readonly ProductRecord[], names: NameLookups, now: string): ProductBatchRows {
  return {
    products: chunk.map((p) => ({
      id: p.id,
      sku: p.sku,
      prefix: p.prefix,
      type: p.type,
      brand_id: p.brand_id,
      group_id: p.group_id,
      discount_category: p.discount_category,
      stock_status: p.stock_status,
      stock_quantity: p.stock_quantity,
      estimated_at: p.estimated_at,
      orderable: bool(p.orderable),
      notifyable: bool(p.notifyable),
      decoration: p.decoration,
      variations: JSON.stringify(p.variations),
      safety: p.safety ? JSON.stringify(p.safety) : null,
      updated_at: now,
    })),
    translations: chunk.flatMap((p) =>
      Object.entries(p.translations).map(([locale, t]) => ({
        product_id: p.id,
        locale,
        name: t!.name,
        slug: t!.slug,
        url_fragment: t!.slug,
        description: t!.description,
        search_text: [
          t!.name,
          p.sku,
          names.brandName.get(p.brand_id ?? -1) ?? '',
          ...p.categories.map((c) => names.categoryNames.get(c.id)?.[locale] ?? ''),
        ]
          .join(' ')
          .toLowerCase(),
      })),
    ),
    prices: chunk.flatMap((p) =>
      Object.entries(p.prices).map(([locale, pr]) => ({
        product_id: p.id,
        locale,
        prices: JSON.stringify(pr!.prices),
        vat: pr!.vat,
        unit_price: unitPrice(pr!.prices, 1),
      })),
    ),
    categories: chunk.flatMap((p) => p.categories.map((c) => ({ product_id: p.id, category_id: c.id, main: bool(c.main) }))),
    tags: chunk.flatMap((p) => p.tags.map((tag_id) => ({ product_id: p.id, tag_id }))),
    images: chunk.flatMap((p) => p.images.map((im) => ({ product_id: p.id, ...im }))),
    numbers: chunk.flatMap((p) => productNumberRows(p)),
  };
}

/** Inserts a batch's rows; images get ids from `nextImageId` on. Returns the next free image id. */
export async function insertProductBatch(trx: Trx, rows: ProductBatchRows, nextImageId: number, withNumbers: boolean): Promise<number> {
  await insertRows(trx, 'products', rows.products);
  await insertRows(trx, 'product_translations', rows.translations);
  await insertRows(trx, 'product_prices', rows.prices);
  await insertRows(trx, 'product_categories', rows.categories);
  await insertRows(trx, 'product_tags', rows.tags);
  let imageId = nextImageId;
  await insertRows(
    trx,
    'product_images',
    rows.images.map((im) => ({ id: imageId++, ...im })),
  );
  if (withNumbers) await insertRows(trx, 'product_numbers', rows.numbers);
  return imageId;
}

const historyKey = (productId: number, locale: string, q: number) => `${productId}:${locale}:${q}`;
export type LatestPrices = Map<string, { minor: number; at: string }>;

/** The newest recorded price per storefront and tier of these products: one query per batch, not the whole table. */
export async function latestRecordedPrices(trx: Trx, productIds: readonly number[]): Promise<LatestPrices> {
  const latest: LatestPrices = new Map();
  if (productIds.length === 0) return latest;
  const rows = await trx
    .selectFrom('price_history')
    .where('product_id', 'in', [...productIds])
    .select(['product_id', 'locale', 'q', 'minor', 'at'])
    .execute();
  for (const r of rows) {
    const key = historyKey(r.product_id, r.locale, r.q);
    const seen = latest.get(key);
    if (!seen || seen.at <= r.at) latest.set(key, { minor: Number(r.minor), at: r.at });
  }
  return latest;
}

/**
 * The price history an import writes (docs/adr/0022-prior-price.md#import): a storefront's history given in the
 * document replaces the stored one; then each active tier's price is recorded from now on unless it is the
 * newest recorded price already (a re-import of unchanged prices adds nothing).
 */
export async function writePriceHistory(trx: Trx, products: readonly ProductRecord[], now: string): Promise<void> {
  const latest = await latestRecordedPrices(
    trx,
    products.map((p) => p.id),
  );
  const rows: PriceHistoryTable[] = [];
  /** Storefront → the products whose history there the document replaces: one delete per storefront and batch. */
  const replacedIn = new Map<string, number[]>();
  for (const p of products) {
    const given: LatestPrices = new Map();
    const replaced = new Set<string>();
    for (const [locale, points] of Object.entries(p.price_history)) {
      if (!points || points.length === 0) continue;
      const ids = replacedIn.get(locale) ?? [];
      if (ids.length === 0) replacedIn.set(locale, ids);
      ids.push(p.id);
      replaced.add(locale);
      for (const pt of points) {
        const row = { product_id: p.id, locale, q: pt.q, minor: toMinorUnits(pt.p), at: new Date(pt.at).toISOString(), reason: 'import' };
        rows.push(row);
        const key = historyKey(p.id, locale, pt.q);
        const seen = given.get(key);
        if (!seen || seen.at <= row.at) given.set(key, { minor: row.minor, at: row.at });
      }
    }
    for (const [locale, pr] of Object.entries(p.prices)) {
      const newest = replaced.has(locale) ? given : latest;
      for (const row of historyRows(p.id, locale, pr!.prices, now, 'import')) {
        if (newest.get(historyKey(p.id, locale, row.q))?.minor !== row.minor) rows.push(row);
      }
    }
  }
  for (const [locale, ids] of replacedIn)
    for (let i = 0; i < ids.length; i += BATCH)
      await trx
        .deleteFrom('price_history')
        .where('locale', '=', locale)
        .where('product_id', 'in', ids.slice(i, i + BATCH))
        .execute();
  await insertRows(trx, 'price_history', rows);
}

/** What follows the products in a document: pages, widgets, deals, search triggers, coupons. */
export type TrailingRecords = Pick<Catalogue, 'content_pages' | 'widgets' | 'deals' | 'search_triggers' | 'coupons'>;

/** Writes the records after the products, and the relation and model rows (already checked against the skus). */
export async function insertTrailing(
  trx: Trx,
  rest: TrailingRecords,
  relations: RelationRows,
  parts: ModelRows,
  now: string,
): Promise<void> {
  await insertRows(
    trx,
    'content_pages',
    rest.content_pages.map((p, i) => ({ id: i + 1, ...p, published: bool(p.published), updated_at: now })),
  );
  await insertRows(
    trx,
    'widgets',
    rest.widgets.map((w) => ({ ...w, hidden: bool(w.hidden) })),
  );
  // a deal shows its product's name and address in its storefront: read back from the rows just written
  const dealSkus = [...new Set(rest.deals.map((d) => d.product_sku))];
  const named = new Map<string, { id: number; name: string; slug: string }>();
  for (let i = 0; i < dealSkus.length; i += BATCH) {
    const found = await trx
      .selectFrom('products as p')
      .innerJoin('product_translations as t', 't.product_id', 'p.id')
      .where('p.sku', 'in', dealSkus.slice(i, i + BATCH))
      .select(['p.id', 'p.sku', 't.locale', 't.name', 't.slug'])
      .execute();
    for (const r of found) named.set(`${r.sku}:${r.locale}`, { id: r.id, name: r.name, slug: r.slug });
  }
  const deals = rest.deals.flatMap((d, i) => {
    const t = named.get(`${d.product_sku}:${d.locale}`);
    if (!t) return [];
    const { locale, title, discount, starts_at, expires_at } = d;
    return [{ id: i + 1, locale, title, product_id: t.id, product_name: t.name, product_slug: t.slug, discount, starts_at, expires_at }];
  });
  await insertRows(trx, 'deals', deals);
  await insertRows(
    trx,
    'search_triggers',
    rest.search_triggers.map((s, i) => ({ id: i + 1, ...s })),
  );
  await insertRows(trx, 'coupons', rest.coupons.map(couponRow));
  await insertRows(trx, 'product_accessories', relations.accessories);
  await insertRows(trx, 'upsell_bundles', relations.bundles);
  await insertRows(trx, 'upsell_bundle_lines', relations.bundleLines);
  await insertRows(trx, 'product_numbers', parts.numbers);
  await insertRows(trx, 'product_supersessions', parts.supersessions);
  await insertRows(trx, 'appliance_models', parts.models);
  await insertRows(trx, 'appliance_model_aliases', parts.aliases);
  await insertRows(trx, 'diagrams', parts.diagrams);
  await insertRows(trx, 'model_diagrams', parts.modelDiagrams);
  await insertRows(trx, 'model_parts', parts.parts);
}
