/**
 * The facts the recommendation ranking needs for ONE product (docs/product/accessories.md#recommendations),
 * read with a few indexed queries — never the whole catalogue: the product, its stored accessories, the best
 * products of its appliance by catalogue evidence, and its bought-together partners. The static product pages
 * (recommendations-build.ts) and GET /api/recommendations both rank through recommendedIds(), so the build's
 * list and the request-time list are one truth.
 *
 * "Bought together" needs the order lines of many orders: they are counted once per process and kept for
 * BOUGHT_TOGETHER_TTL_MS (a build is one process and reads them once; a server recounts in the background
 * after the TTL while the old counts keep answering).
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { boughtTogetherCounts, recommend, type RecommendationFacts } from '#lib/catalogue/recommendations.ts';
import { partnersToRank } from '#lib/catalogue/recommendation-candidates.ts';
import { boundedProcessCache, cacheBudgetBytes, processCache } from '#server/cache/process-cache.ts';
import { newestOrderItems } from '#server/orders/order-reads.ts';
import { localizedProducts } from './localized-products.ts';
import { loggerFor } from '#server/telemetry/logger.ts';

const log = loggerFor('recommendations');

/** Orders read for "bought together": the newest ones. */
export const ORDERS_READ = 20_000;
/** How long one count of the orders answers before it is recounted. */
export const BOUGHT_TOGETHER_TTL_MS = 10 * 60_000;
/** Orders per read: node:sqlite is synchronous, so counting yields to requests between chunks. */
const ORDER_CHUNK = 2000;

type ProductKey = { id: number } | { sku: string };

/** The columns a product's facts come from: its main category (and that category's parent) joined in. */
const factRows = (db: Db, locale: LocaleCode) =>
  localizedProducts(db, locale)
    .leftJoin('product_categories as pc', (j) => j.onRef('pc.product_id', '=', 'p.id').on('pc.main', '=', 1))
    .leftJoin('categories as c', 'c.id', 'pc.category_id')
    .select(['p.id', 'p.sku', 'p.brand_id', 'p.orderable', 'p.variations', 'p.stock_status', 'c.id as category_id', 'c.parent_id']);

type FactRow = Awaited<ReturnType<ReturnType<typeof factRows>['executeTakeFirstOrThrow']>>;

function factsOf(r: FactRow): RecommendationFacts {
  return {
    id: r.id,
    brandId: r.brand_id,
    // the appliance the part fits: the parent of its main category (the main category itself at the top)
    applianceId: r.category_id !== null ? (r.parent_id ?? r.category_id) : null,
    categoryId: r.category_id,
    buyable: !!r.orderable && r.variations === '[]',
    inStock: r.stock_status === 'in-stock',
  };
}

/** One row per product (a product flagged with two main categories keeps the first). */
function firstPerProduct(rows: FactRow[]): FactRow[] {
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.id) && seen.add(r.id));
}

// ------------------------------------------------------------------------------------------------
// Bought together: one count of the newest orders per process, renewed after the TTL.

interface Counted {
  at: number;
  value: Promise<Map<number, Map<number, number>>>;
  renewing: boolean;
}
// On globalThis (process-cache.ts): a rebuild switch must not keep a second copy per loaded build.
const counted = processCache('recommendations.bought-together.v1', () => ({ current: null as Counted | null }));

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

async function countOrders(db: Db): Promise<Map<number, Map<number, number>>> {
  const skus: string[][] = [];
  for (let offset = 0; offset < ORDERS_READ; offset += ORDER_CHUNK) {
    const rows = await newestOrderItems(db, Math.min(ORDER_CHUNK, ORDERS_READ - offset), offset);
    for (const o of rows) {
      try {
        const items = JSON.parse(o) as { sku?: unknown }[];
        skus.push(items.flatMap((i) => (typeof i.sku === 'string' ? [i.sku] : [])));
      } catch {
        // an unreadable snapshot says nothing about what goes together
      }
    }
    if (rows.length < ORDER_CHUNK) break;
    await yieldToRequests();
  }
  // order lines name products by sku (a snapshot as placed); products no longer sold simply drop out
  const wanted = [...new Set(skus.flat())];
  const idOfSku = new Map<string, number>();
  for (let i = 0; i < wanted.length; i += 1000) {
    const rows = await db
      .selectFrom('products')
      .select(['id', 'sku'])
      .where('sku', 'in', wanted.slice(i, i + 1000))
      .execute();
    for (const r of rows) idOfSku.set(r.sku, r.id);
  }
  return boughtTogetherCounts(skus.map((order) => order.flatMap((s) => (idOfSku.has(s) ? [idOfSku.get(s)!] : []))));
}

/** The counts of every product (loaded on first use; after the TTL recounted while the old ones answer). */
export function boughtTogether(db: Db, now = Date.now()): Promise<Map<number, Map<number, number>>> {
  const c = counted.current;
  if (!c) {
    const value = countOrders(db);
    const entry: Counted = { at: now, value, renewing: false };
    counted.current = entry;
    value.catch(() => {
      if (counted.current === entry) counted.current = null;
    });
    return value;
  }
  if (now - c.at > BOUGHT_TOGETHER_TTL_MS && !c.renewing) {
    c.renewing = true;
    const next = countOrders(db);
    next.then(
      () => (counted.current = { at: Date.now(), value: next, renewing: false }),
      (err: unknown) => {
        c.renewing = false;
        c.at = Date.now(); // try again after another TTL, not on every request
        log.warn({ err }, 'recounting orders for recommendations failed');
      },
    );
  }
  return c.value;
}

/** Forget the counts and the appliance lists (tests, and a process that replaced its catalogue or orders wholesale). */
export function forgetRecommendationFacts(): void {
  counted.current = null;
  applianceTop.clear();
}

export const APPLIANCE_TTL_MS = 60_000;
const applianceTop = boundedProcessCache<Promise<FactRow[]>>('recommendations.appliance-top.v1', {
  maxBytes: cacheBudgetBytes('PARTSFRONT_RECOMMENDATION_CACHE_MB', 4),
  ttlMs: APPLIANCE_TTL_MS,
});

// ------------------------------------------------------------------------------------------------

export interface ProductRecommendationFacts {
  subject: RecommendationFacts & { sku: string };
  stored: RecommendationFacts[];
  candidates: RecommendationFacts[];
  boughtTogether: ReadonlyMap<number, number>;
}

/**
 * Everything recommend() needs for one product of a storefront, or null when the storefront does not sell it.
 * Candidates: the bought-together partners worth ranking, and the best `limit` products of the same appliance
 * by the ranking's own catalogue order (same category and brand 7, same brand 6, same category 5, else 4;
 * then in stock, then lower id) — so the ranking over them is the ranking over the whole catalogue.
 */
export async function recommendationFacts(
  db: Db,
  locale: LocaleCode,
  key: ProductKey,
  limit: number,
): Promise<ProductRecommendationFacts | null> {
  const subjectRow = await (
    'id' in key ? factRows(db, locale).where('p.id', '=', key.id) : factRows(db, locale).where('p.sku', '=', key.sku)
  ).executeTakeFirst();
  if (!subjectRow) return null;
  const subject = { ...factsOf(subjectRow), sku: subjectRow.sku };

  const [storedRows, counts] = await Promise.all([
    factRows(db, locale)
      .innerJoin('product_accessories as a', 'a.accessory_id', 'p.id')
      .where('a.product_id', '=', subject.id)
      .orderBy('a.position')
      .execute(),
    boughtTogether(db),
  ]);
  const stored = firstPerProduct(storedRows).map(factsOf);
  const together = counts.get(subject.id) ?? new Map<number, number>();

  const [partnerRows, applianceRows] = await Promise.all([
    buyableAmong(db, locale, [...together.keys()]),
    bestOfAppliance(db, locale, subject, limit),
  ]);
  // only partners that can be listed compete for places, so the best of those are kept
  const partners = partnersToRank(new Map(partnerRows.map((r) => [r.id, together.get(r.id)!])), limit);
  const candidates = new Map<number, RecommendationFacts>();
  for (const r of firstPerProduct([...partnerRows.filter((r) => partners.has(r.id)), ...applianceRows.filter((r) => r.id !== subject.id)]))
    candidates.set(r.id, factsOf(r));
  return { subject, stored, candidates: [...candidates.values()], boughtTogether: partners };
}

/**
 * The `limit` + 1 best listable products of the subject's appliance in the ranking's catalogue order (so that
 * `limit` remain without the subject). The catalogue scores fall in four tiers — same category and brand (7),
 * same brand (6), same category (5), the rest of the appliance (4) — each read in the tie order (in stock, id)
 * only while places are left: most products fill their list from the first tier, a few hundred rows, without
 * sorting an appliance of thousands. Products of one appliance, brand and category share the answer: it is kept
 * APPLIANCE_TTL_MS per storefront (a 50k build asks once per such group, not once per page; a server shows a
 * catalogue change within that time).
 */
function bestOfAppliance(db: Db, locale: LocaleCode, subject: RecommendationFacts, limit: number): Promise<FactRow[]> {
  const { applianceId: appliance, categoryId: category, brandId: brand } = subject;
  if (appliance === null || category === null) return Promise.resolve([]);
  const key = JSON.stringify([locale, appliance, brand, category, limit]);
  const hit = applianceTop.get(key);
  if (hit) return hit;
  type Narrow = (q: ReturnType<typeof listable>) => ReturnType<typeof listable>;
  const listable = () =>
    localizedProducts(db, locale)
      .innerJoin('product_categories as pc', (j) => j.onRef('pc.product_id', '=', 'p.id').on('pc.main', '=', 1))
      .innerJoin('categories as c', 'c.id', 'pc.category_id')
      .select(['p.id', 'p.sku', 'p.brand_id', 'p.orderable', 'p.variations', 'p.stock_status', 'c.id as category_id', 'c.parent_id'])
      .where('p.orderable', '=', 1)
      .where('p.variations', '=', '[]');
  const sameBrand: Narrow = (q) => (brand === null ? q : q.where('p.brand_id', '=', brand));
  const otherBrand: Narrow = (q) =>
    brand === null ? q : q.where((eb) => eb.or([eb('p.brand_id', '!=', brand), eb('p.brand_id', 'is', null)]));
  /**
   * The first `want` products of these categories in the tie order (in stock, then id), one read per stock half:
   * for one category it walks the (category_id, main, product_id) index in product order and stops after `want`
   * rows instead of sorting the category (migration 0036); the rest of an appliance (several categories, read only
   * when the product's own category runs short) is sorted.
   */
  const inOrder = async (categories: readonly number[], narrow: Narrow, want: number): Promise<FactRow[]> => {
    const out: FactRow[] = [];
    for (const stocked of [true, false]) {
      if (out.length >= want || categories.length === 0) break;
      out.push(
        ...(await narrow(listable())
          .where('pc.category_id', 'in', categories)
          .where('p.stock_status', stocked ? '=' : '!=', 'in-stock')
          .orderBy('pc.product_id')
          .limit(want - out.length)
          .execute()),
      );
    }
    return out;
  };
  const rows = (async () => {
    // the appliance's other categories: its children, or the appliance itself when it is a top category
    let siblings: Promise<number[]> | undefined;
    const restOfAppliance = () =>
      (siblings ??= db
        .selectFrom('categories')
        .where((eb) => eb.or([eb('parent_id', '=', appliance), eb.and([eb('parent_id', 'is', null), eb('id', '=', appliance)])]))
        .where('id', '!=', category)
        .select('id')
        .execute()
        .then((r) => r.map((x) => x.id)));
    const own = async () => [category];
    const tiers: [() => Promise<number[]>, Narrow][] = [
      ...(brand === null
        ? []
        : ([
            [own, sameBrand],
            [restOfAppliance, sameBrand],
          ] satisfies [() => Promise<number[]>, Narrow][])),
      [own, otherBrand],
      [restOfAppliance, otherBrand],
    ];
    const out: FactRow[] = [];
    for (const [categories, narrow] of tiers) {
      if (out.length > limit) break;
      out.push(...(await inOrder(await categories(), narrow, limit + 1 - out.length)));
    }
    return firstPerProduct(out);
  })();
  applianceTop.set(key, rows, (limit + 1) * 200);
  return rows;
}

/** The facts of those of `ids` this storefront sells that can go in the cart as they are. */
async function buyableAmong(db: Db, locale: LocaleCode, ids: number[]): Promise<FactRow[]> {
  const out: FactRow[] = [];
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await factRows(db, locale)
      .where('p.id', 'in', ids.slice(i, i + 1000))
      .where('p.orderable', '=', 1)
      .where('p.variations', '=', '[]')
      .execute();
    out.push(...firstPerProduct(rows));
  }
  return out;
}

/** The internal recommendations of a product, best first (null: not sold in this storefront). */
export async function recommendedIds(db: Db, locale: LocaleCode, key: ProductKey, limit: number): Promise<number[] | null> {
  const f = await recommendationFacts(db, locale, key, limit);
  return f ? recommend(f.subject, f.stored, f.candidates, f.boughtTogether, limit) : null;
}
