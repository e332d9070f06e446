/**
 * The one read of a storefront's product rows (products ⋈ translations ⋈ prices, the caller's columns) with the
 * parts the caller shows: category links, the thumbnail, every image, tag ids, subscription offers. One query per
 * table for the whole set, never one per product (search results, cart lines, listing cards are hot paths): by
 * id the parts are read beside the rows, by sku after them (only the rows name the ids). The build reads its
 * product pages' parts the same way, a batch at a time (build-products.ts).
 */
import type { SelectExpression, SelectQueryBuilder } from 'kysely';
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { ImageType, type Thumb } from '#lib/catalogue/types.ts';
import type { ProductImage } from '#lib/catalogue/product-images.ts';
import { localizedProducts } from './localized-products.ts';
import { offeredMonthsByProduct } from './subscription-offers.ts';
import { push } from '#lib/catalogue/map-of-lists.ts';

type ProductTables = 'p' | 't' | 'pr';
type LocalizedDb = ReturnType<typeof localizedProducts> extends SelectQueryBuilder<infer DB, infer _TB, infer _O> ? DB : never;
/** A column of the joined row: `p.` product, `t.` translation, `pr.` price row. */
export type ProductColumn = SelectExpression<LocalizedDb, ProductTables>;

/** Which products: by id (as given) or by sku; ids or skus not sold in the storefront are left out. */
export type ProductSelector = { ids: readonly number[] } | { skus: readonly string[] };

/** The parts to read besides the row; a part not asked for is empty. */
export interface ProductParts {
  /** Category links, by category id. */
  categories?: boolean;
  /** The first Thumb image by sort_order. */
  thumbs?: boolean;
  /** Every image, by sort_order. */
  images?: boolean;
  /** Tag ids, ascending. */
  tags?: boolean;
  /** Months the product is offered on subscription, ascending (subscription-offers.ts). */
  subscriptionMonths?: boolean;
}

export interface CategoryLink {
  category_id: number;
  main: boolean;
}

export interface ProductLinks {
  categories: CategoryLink[];
  /** null: none (the placeholder is shown). */
  thumb: Thumb | null;
  images: ProductImage[];
  tagIds: number[];
  subscriptionMonths: number[];
}

/** The parts of a set of products, by product id. */
export interface ProductLinkMaps {
  categories: Map<number, CategoryLink[]>;
  thumbs: Map<number, Thumb>;
  images: Map<number, ProductImage[]>;
  tagIds: Map<number, number[]>;
  subscriptionMonths: Map<number, number[]>;
}

export interface ProductRow<R> {
  row: R;
  links: ProductLinks;
}

const noLinks = (): ProductLinkMaps => ({
  categories: new Map(),
  thumbs: new Map(),
  images: new Map(),
  tagIds: new Map(),
  subscriptionMonths: new Map(),
});

/** The asked parts of these products, one query per part, side by side. */
export async function productLinks(db: Db, ids: readonly number[], parts: ProductParts): Promise<ProductLinkMaps> {
  const out = noLinks();
  if (ids.length === 0) return out;
  const only = [...ids];
  await Promise.all([
    parts.categories &&
      db
        .selectFrom('product_categories')
        .select(['product_id', 'category_id', 'main'])
        .where('product_id', 'in', only)
        .orderBy('product_id')
        .orderBy('category_id')
        .execute()
        .then((rows) => rows.forEach((r) => push(out.categories, r.product_id, { category_id: r.category_id, main: !!r.main }))),
    parts.thumbs &&
      db
        .selectFrom('product_images')
        .select(['product_id', 'url', 'width', 'height'])
        .where('product_id', 'in', only)
        .where('type', '=', ImageType.Thumb)
        .orderBy('product_id')
        .orderBy('sort_order')
        .execute()
        .then((rows) => {
          for (const r of rows)
            if (!out.thumbs.has(r.product_id)) out.thumbs.set(r.product_id, { url: r.url, width: r.width, height: r.height });
        }),
    parts.images &&
      db
        .selectFrom('product_images')
        .select(['product_id', 'type', 'sort_order', 'url', 'width', 'height'])
        .where('product_id', 'in', only)
        .orderBy('product_id')
        .orderBy('sort_order')
        .execute()
        .then((rows) =>
          rows.forEach((i) =>
            push(out.images, i.product_id, { type: i.type, sort_order: i.sort_order, url: i.url, width: i.width, height: i.height }),
          ),
        ),
    parts.tags &&
      db
        .selectFrom('product_tags')
        .select(['product_id', 'tag_id'])
        .where('product_id', 'in', only)
        .orderBy('product_id')
        .orderBy('tag_id')
        .execute()
        .then((rows) => rows.forEach((t) => push(out.tagIds, t.product_id, t.tag_id))),
    parts.subscriptionMonths && offeredMonthsByProduct(db, only).then((m) => (out.subscriptionMonths = m)),
  ]);
  return out;
}

/** One product's parts out of the maps (empty where absent or not asked for). */
export function linksOf(maps: ProductLinkMaps, id: number): ProductLinks {
  return {
    categories: maps.categories.get(id) ?? [],
    thumb: maps.thumbs.get(id) ?? null,
    images: maps.images.get(id) ?? [],
    tagIds: maps.tagIds.get(id) ?? [],
    subscriptionMonths: maps.subscriptionMonths.get(id) ?? [],
  };
}

/**
 * The rows of these products in one storefront with the asked parts, in no particular order (callers order by
 * what they asked for). `columns` starts with 'p.id', which the parts are grouped by.
 */
export async function productRows<C extends ProductColumn>(
  db: Db,
  locale: LocaleCode,
  which: ProductSelector,
  columns: readonly ['p.id', ...C[]],
  parts: ProductParts = {},
) {
  const rowsOf = localizedProducts(db, locale).select(columns);
  // columns[0] is 'p.id': the one column TypeScript cannot see through the caller's generic selection
  type Row = Awaited<ReturnType<(typeof rowsOf)['execute']>>[number] & { id: number };
  let rows: Row[];
  let links: ProductLinkMaps;
  if ('ids' in which) {
    if (which.ids.length === 0) return [] as ProductRow<Row>[];
    [rows, links] = await Promise.all([
      rowsOf.where('p.id', 'in', [...which.ids]).execute() as Promise<Row[]>,
      productLinks(db, which.ids, parts),
    ]);
  } else {
    if (which.skus.length === 0) return [] as ProductRow<Row>[];
    rows = (await rowsOf.where('p.sku', 'in', [...which.skus]).execute()) as Row[];
    if (rows.length === 0) return [] as ProductRow<Row>[];
    links = await productLinks(
      db,
      rows.map((r) => r.id),
      parts,
    );
  }
  return rows.map((row): ProductRow<Row> => ({ row, links: linksOf(links, row.id) }));
}

/** Main category first, the others by category id: the order a cart line and a search result list them in. */
export function mainCategoryFirst(links: readonly CategoryLink[]): CategoryLink[] {
  return [...links].sort((a, b) => Number(b.main) - Number(a.main));
}
