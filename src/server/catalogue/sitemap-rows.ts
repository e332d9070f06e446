/**
 * What a storefront's sitemaps list (docs/product/routes.md#robotstxt-and-sitemap), read by SQL a chunk at a time so
 * a catalogue of a million products never sits in memory: the product chunks (id ranges of at most `size` products
 * the storefront sells), one chunk's products with their slugs in every storefront; the same for the appliance
 * models (as many as the products in a large catalogue); and the few other pages.
 */
import { sql } from 'kysely';
import type { Db } from '#server/db/connection.ts';
import { LOCALE_CODES, type LocaleCode } from '#lib/market/locales.ts';
import { flattenCategories, loadCategoryTree } from './category-repository.ts';
import { localizedProducts } from './localized-products.ts';

type Slugs = Partial<Record<LocaleCode, string>>;

/**
 * The storefront's products as its pages are: with a translation and a price there, and not replaced while no longer
 * sold (those have no page: docs/product/parts-finder.md#part-numbers).
 */
const sitemapProducts = (db: Db, locale: LocaleCode) =>
  localizedProducts(db, locale).where((eb) =>
    eb.or([
      eb('p.orderable', '<>', 0),
      eb.not(eb.exists(eb.selectFrom('product_supersessions as s').whereRef('s.product_id', '=', 'p.id').select('s.product_id'))),
    ]),
  );

export interface ProductChunk {
  /** 1, 2, … in id order */
  chunk: number;
  firstId: number;
  lastId: number;
  count: number;
  /** the latest catalogue update of its products (YYYY-MM-DD) */
  lastmod: string;
}

/** The storefront's products cut in id order into chunks of `size`: one query, a row per chunk. */
export async function productChunks(db: Db, locale: LocaleCode, size: number): Promise<ProductChunk[]> {
  const ranked = sitemapProducts(db, locale).select(['p.id', 'p.updated_at', sql<number>`row_number() over (order by p.id)`.as('rn')]);
  const chunkOf = sql<number>`(r.rn - 1) / ${sql.lit(Math.trunc(size))}`;
  const rows = await db
    .selectFrom(ranked.as('r'))
    .select([
      chunkOf.as('chunk'),
      (eb) => eb.fn.min('r.id').as('first_id'),
      (eb) => eb.fn.max('r.id').as('last_id'),
      (eb) => eb.fn.countAll().as('count'),
      (eb) => eb.fn.max('r.updated_at').as('lastmod'),
    ])
    .groupBy(chunkOf)
    .orderBy(chunkOf)
    .execute();
  // PostgreSQL answers bigint as text
  return rows.map((r) => ({
    chunk: Number(r.chunk) + 1,
    firstId: Number(r.first_id),
    lastId: Number(r.last_id),
    count: Number(r.count),
    lastmod: String(r.lastmod).slice(0, 10),
  }));
}

export interface SitemapProduct {
  id: number;
  updated_at: string;
  /** its slug in every storefront that has it (hreflang alternates) */
  slugs: Slugs;
}

/** One chunk's products in id order with their slugs: two queries over the id range. */
export async function productsInRange(db: Db, locale: LocaleCode, firstId: number, lastId: number): Promise<SitemapProduct[]> {
  const [rows, slugRows] = await Promise.all([
    sitemapProducts(db, locale)
      .where('p.id', '>=', firstId)
      .where('p.id', '<=', lastId)
      .select(['p.id', 'p.updated_at'])
      .orderBy('p.id')
      .execute(),
    db
      .selectFrom('product_translations')
      .where('product_id', '>=', firstId)
      .where('product_id', '<=', lastId)
      .select(['product_id', 'locale', 'slug'])
      .execute(),
  ]);
  const slugs = new Map<number, Slugs>();
  for (const r of slugRows) {
    const m = slugs.get(r.product_id) ?? {};
    m[r.locale as LocaleCode] = r.slug;
    slugs.set(r.product_id, m);
  }
  return rows.map((r) => ({ id: r.id, updated_at: r.updated_at, slugs: slugs.get(r.id) ?? {} }));
}

export interface OtherSitemapPages {
  /** each category's path (slugs joined by '/') in every storefront that has it */
  categories: Slugs[];
  brandSlugs: string[];
  tags: Slugs[];
}

/** The storefront's categories, brands and tags (a brand or tag only when the storefront has a product of it). */
export async function otherSitemapPages(db: Db, locale: LocaleCode): Promise<OtherSitemapPages> {
  const [trees, brands, tags, tagSlugRows] = await Promise.all([
    Promise.all(LOCALE_CODES.map(async (code) => [code, flattenCategories(await loadCategoryTree(db, code))] as const)),
    db
      .selectFrom('brands as b')
      .where((eb) => eb.exists(localizedProducts(db, locale).where('p.brand_id', '=', sql.ref<number>('b.id')).select('p.id')))
      .select('b.slug')
      .orderBy('b.name')
      .execute(),
    db
      .selectFrom('tags as g')
      .innerJoin('tag_translations as gt', (j) => j.onRef('gt.tag_id', '=', 'g.id').on('gt.locale', '=', locale))
      .where((eb) =>
        eb.exists(
          localizedProducts(db, locale)
            .innerJoin('product_tags as pt', 'pt.product_id', 'p.id')
            .where('pt.tag_id', '=', sql.ref<number>('g.id'))
            .select('p.id'),
        ),
      )
      .select('g.id')
      .orderBy('gt.name')
      .execute(),
    db.selectFrom('tag_translations').select(['tag_id', 'locale', 'slug']).execute(),
  ]);

  const categoryPaths = new Map<number, Slugs>();
  for (const [code, list] of trees) for (const c of list) categoryPaths.set(c.id, { ...categoryPaths.get(c.id), [code]: c.path.join('/') });
  const own = trees.find(([code]) => code === locale)![1];

  const tagSlugs = new Map<number, Slugs>();
  for (const r of tagSlugRows) tagSlugs.set(r.tag_id, { ...tagSlugs.get(r.tag_id), [r.locale as LocaleCode]: r.slug });

  return {
    categories: own.map((c) => categoryPaths.get(c.id) ?? {}),
    brandSlugs: brands.map((b) => b.slug),
    tags: tags.map((g) => tagSlugs.get(g.id) ?? {}),
  };
}

/** Every appliance model whose category the storefront has: its page exists, prerendered or not (ADR 0027). */
const sitemapModels = (db: Db, locale: LocaleCode) =>
  db
    .selectFrom('appliance_models as m')
    .innerJoin('category_translations as ct', (j) => j.onRef('ct.category_id', '=', 'm.category_id').on('ct.locale', '=', locale));

export interface ModelChunk {
  chunk: number;
  firstId: number;
  lastId: number;
  count: number;
}

/** The storefront's model pages cut in id order into chunks of `size`: one query, a row per chunk. */
export async function modelChunks(db: Db, locale: LocaleCode, size: number): Promise<ModelChunk[]> {
  const ranked = sitemapModels(db, locale).select(['m.id', sql<number>`row_number() over (order by m.id)`.as('rn')]);
  const chunkOf = sql<number>`(r.rn - 1) / ${sql.lit(Math.trunc(size))}`;
  const rows = await db
    .selectFrom(ranked.as('r'))
    .select([
      chunkOf.as('chunk'),
      (eb) => eb.fn.min('r.id').as('first_id'),
      (eb) => eb.fn.max('r.id').as('last_id'),
      (eb) => eb.fn.countAll().as('count'),
    ])
    .groupBy(chunkOf)
    .orderBy(chunkOf)
    .execute();
  return rows.map((r) => ({ chunk: Number(r.chunk) + 1, firstId: Number(r.first_id), lastId: Number(r.last_id), count: Number(r.count) }));
}

/** One chunk's model pages in id order, each with its slug in every storefront that has its category (the alternates). */
export async function modelsInRange(db: Db, locale: LocaleCode, firstId: number, lastId: number): Promise<Slugs[]> {
  const [models, translated] = await Promise.all([
    sitemapModels(db, locale)
      .where('m.id', '>=', firstId)
      .where('m.id', '<=', lastId)
      .select(['m.slug', 'm.category_id'])
      .orderBy('m.id')
      .execute(),
    db.selectFrom('category_translations').select(['category_id', 'locale']).execute(),
  ]);
  const locales = new Map<number, Set<string>>();
  for (const r of translated) locales.set(r.category_id, (locales.get(r.category_id) ?? new Set()).add(r.locale));
  return models.map(
    (m) => Object.fromEntries(LOCALE_CODES.filter((c) => locales.get(m.category_id)?.has(c)).map((c) => [c, m.slug])) as Slugs,
  );
}

/** The id range a chunk's sitemap file reads (its page's props). */
// a type, not an interface: Astro's props need an index signature
export type ChunkRange = { firstId: number; lastId: number };

/** The chunk files of every storefront for a chunked sitemap's getStaticPaths: its number and id range. */
export async function chunkPaths(
  chunksOf: (db: Db, locale: LocaleCode, size: number) => Promise<({ chunk: number } & ChunkRange)[]>,
  size: number,
  db: Db,
): Promise<{ params: { locale: LocaleCode; chunk: string }; props: ChunkRange }[]> {
  const paths = [];
  for (const locale of LOCALE_CODES)
    for (const c of await chunksOf(db, locale, size))
      paths.push({ params: { locale, chunk: String(c.chunk) }, props: { firstId: c.firstId, lastId: c.lastId } });
  return paths;
}
