/**
 * The on-demand listing pages' view of the catalogue (docs/adr/0012-listing-pages.md): per storefront a slim
 * index (id, name rank, brand, stock, price, categories, tags — no descriptions, no images; typed-array columns,
 * docs/adr/0032-listing-columns.md) loaded from the database in chunks, kept per process. At most every
 * VERSION_CHECK_MS a primary-key lookup tells whether the catalogue was replaced; then a new index loads in the
 * background while the old one keeps answering, so an import reaches page 2+ within seconds and no request waits
 * for a reload. A price or stock change of a few products (the change feed, docs/adr/0017-incremental-pages.md)
 * updates their columns in place instead of reloading the whole index. The cards of the one page shown come from
 * listing-products.ts.
 */
import { getDb, type Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { processCache } from '#server/cache/process-cache.ts';
import { changesAfter, latestChangeSeq } from './change-feed.ts';
import { positionOf, setFacts } from '#lib/catalogue/listing-columns.ts';
import { ListingColumnsBuilder } from '#lib/catalogue/listing-columns-builder.ts';
import { rankNamesPausing } from '#lib/catalogue/name-ranks.ts';
import { flattenCategories, loadCategoryTree } from './category-repository.ts';
import { localizedProducts } from './localized-products.ts';
import { ITEM_COLUMNS, itemFacts, listingRowChunks } from './listing-rows.ts';
import { listingSourceOf, parentsOf, type ListingSource } from './listing-source.ts';
import { loggerFor } from '#server/telemetry/logger.ts';

const log = loggerFor('catalogue');

export const VERSION_CHECK_MS = 10_000;
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Cheap change detector (a primary-key lookup, no scan): writeCatalogue stamps every product with the
 * same updated_at, so the newest product's id and stamp change whenever the catalogue is replaced.
 */
async function catalogueVersion(db: Db): Promise<string> {
  const r = await db.selectFrom('products').select(['id', 'updated_at']).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return r ? `${r.id}:${r.updated_at}` : 'empty';
}

const NO_IDS: readonly number[] = Object.freeze([]);

export async function loadListingIndex(locale: LocaleCode, db: Db = getDb()): Promise<ListingSource> {
  const [tree, brands, tags] = await Promise.all([
    loadCategoryTree(db, locale),
    db.selectFrom('brands').select(['id', 'slug', 'name', 'logo_url']).orderBy('name').execute(),
    db
      .selectFrom('tags as g')
      .innerJoin('tag_translations as t', (j) => j.onRef('t.tag_id', '=', 'g.id').on('t.locale', '=', locale))
      .select(['g.id', 't.name', 't.slug'])
      .execute(),
  ]);
  const brandSlug = new Map(brands.map((b) => [b.id, b.slug]));
  // At 1,000,000 products × 5 storefronts every byte per product counts (docs/adr/0032-listing-columns.md): rows
  // go into typed-array columns chunk by chunk; only the names are held until they are ranked.
  const names: string[] = [];
  const builder = new ListingColumnsBuilder();
  // node:sqlite is synchronous: the load yields to requests between chunks
  for await (const { rows: chunk, categoriesOf, tagsOf } of listingRowChunks(db, locale)) {
    for (const r of chunk) {
      names.push(r.name);
      builder.add({
        id: r.id,
        brandId: r.brand_id,
        brand: r.brand_id !== null ? (brandSlug.get(r.brand_id) ?? null) : null,
        ...itemFacts(r),
        categoryIds: categoriesOf.get(r.id) ?? NO_IDS,
        tagIds: tagsOf.get(r.id) ?? NO_IDS,
      });
    }
    await yieldToRequests();
  }
  const categories = flattenCategories(tree);
  // ranking a million names takes seconds: in slices, requests answered between them
  const ranks = await rankNamesPausing(names, locale, yieldToRequests);
  const lists = await builder.finishPausing(ranks, parentsOf(categories), yieldToRequests);
  return listingSourceOf(locale, categories, brands, tags, lists);
}

interface Entry {
  version: string;
  checkedAt: number;
  value: Promise<ListingSource>;
  busy: boolean;
  /** The change-feed position the items are as new as. */
  changeSeq: number;
  /** The catch-up with the change feed under way (one at a time). */
  catchingUp?: Promise<void>;
}
// On globalThis (process-cache.ts): a rebuild switch must not keep a second copy per loaded build.
const entries = processCache('listing-index.v4', () => new Map<LocaleCode, Entry>());

/** Products named by the changes after `seq` (price or stock), and the newest position. */
async function changedProducts(db: Db, seq: number): Promise<{ ids: Set<number>; seq: number }> {
  const ids = new Set<number>();
  for (;;) {
    const batch = await changesAfter(db, seq);
    if (batch.length === 0) return { ids, seq };
    for (const c of batch) for (const t of c.tags) if (t.startsWith('product:')) ids.add(Number(t.slice('product:'.length)));
    seq = batch[batch.length - 1].seq;
  }
}

/** Brings the columns of changed products up to date in place (prices, stock: what filters and sorting read). */
function catchUp(locale: LocaleCode, e: Entry): Promise<void> {
  e.catchingUp ??= (async () => {
    const db = getDb();
    const source = await e.value;
    const { ids, seq } = await changedProducts(db, e.changeSeq);
    if (seq === e.changeSeq) return;
    // a product is one position in the columns, shared by all its lists: a change in place reaches them all
    const { columns } = source;
    const wanted = [...ids].filter((id) => positionOf(columns, id) >= 0);
    for (let i = 0; i < wanted.length; i += 500) {
      const rows = await localizedProducts(db, locale)
        .select(ITEM_COLUMNS)
        .where('p.id', 'in', wanted.slice(i, i + 500))
        .execute();
      for (const r of rows) setFacts(columns, positionOf(columns, r.id), itemFacts(r));
    }
    e.changeSeq = seq;
  })().finally(() => (e.catchingUp = undefined));
  return e.catchingUp;
}

function firstLoad(locale: LocaleCode): Entry {
  const db = getDb();
  const version = catalogueVersion(db);
  // the position first: changes committed while the index loads are applied again by the next catch-up
  const seq = latestChangeSeq(db).catch(() => 0);
  const e: Entry = {
    version: '',
    checkedAt: Date.now(),
    value: Promise.all([version, seq]).then(() => loadListingIndex(locale, db)),
    busy: false,
    changeSeq: 0,
  };
  version.then((v) => (e.version = v)).catch(() => undefined);
  void seq.then((n) => (e.changeSeq = n));
  e.value.catch(() => {
    if (entries.get(locale) === e) entries.delete(locale); // a failed load is retried by the next request
  });
  entries.set(locale, e);
  return e;
}

/** In the background: a new index when the catalogue was replaced, else the changed products in place. */
async function refresh(locale: LocaleCode, e: Entry): Promise<void> {
  e.busy = true;
  try {
    const db = getDb();
    const version = await catalogueVersion(db);
    if (version !== e.version) {
      const changeSeq = await latestChangeSeq(db).catch(() => 0);
      const value = await loadListingIndex(locale, db);
      entries.set(locale, { version, checkedAt: Date.now(), value: Promise.resolve(value), busy: false, changeSeq });
    } else await catchUp(locale, e);
  } catch (err) {
    log.warn({ err, locale }, 'listing index refresh failed, serving the previous one');
  } finally {
    e.checkedAt = Date.now();
    e.busy = false;
  }
}

/** The storefront's listing index: the first call waits for it, later ones never wait for a reload. */
export function listingIndex(locale: LocaleCode, now = Date.now()): Promise<ListingSource> {
  const e = entries.get(locale) ?? firstLoad(locale);
  if (!e.busy && now - e.checkedAt > VERSION_CHECK_MS) void refresh(locale, e);
  return e.value;
}

/** The index with every committed price and stock change applied (a page re-rendered after a change needs them). */
export async function currentListingIndex(locale: LocaleCode): Promise<ListingSource> {
  const e = entries.get(locale) ?? firstLoad(locale);
  const source = await e.value;
  await catchUp(locale, e);
  return source;
}
