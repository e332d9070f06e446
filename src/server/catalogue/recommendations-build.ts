/**
 * The accessories block's data for the static product pages (docs/product/accessories.md), computed at build
 * time: the stored accessories and upsell bundles and the "bought together" counts over the order lines are
 * loaded ONCE per build (memoized per process, like page-catalogue.ts); each page then ranks from memory.
 */
import { getDb } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { boughtTogetherCounts, recommend, type RecommendationFacts } from '#lib/catalogue/recommendations.ts';
import { bundleTotalsMinor } from '#lib/catalogue/accessories-bundles.ts';
import { localeCatalogue, type LocaleCatalogue, type PageProduct } from './page-catalogue.ts';

/** Cards in the `original` variant. */
export const ACCESSORIES_SHOWN = 4;
/** Orders read for "bought together": the newest ones. */
const ORDERS_READ = 20_000;
/** Products of the same appliance looked at per page (a 50k catalogue has thousands per appliance). */
const CANDIDATES_PER_SOURCE = 200;

export interface PageBundle {
  id: number;
  discount_percent: number;
  lines: { product: PageProduct; quantity: number }[];
  totalMinor: number;
  ordinaryMinor: number;
}

export interface ProductRelations {
  accessories: PageProduct[];
  bundle: PageBundle | null;
}

interface StoredRelations {
  accessories: Map<number, number[]>;
  /** main product → its bundles in position order */
  bundles: Map<number, { id: number; discount_percent: number; lines: { product_id: number; quantity: number }[] }[]>;
  boughtTogether: Map<number, Map<number, number>>;
}

async function loadStored(): Promise<StoredRelations> {
  const db = getDb();
  const [accessories, heads, lines, orders, skus] = await Promise.all([
    db.selectFrom('product_accessories').select(['product_id', 'accessory_id']).orderBy('product_id').orderBy('position').execute(),
    db.selectFrom('upsell_bundles').select(['id', 'product_id', 'discount_percent']).orderBy('product_id').orderBy('position').execute(),
    db.selectFrom('upsell_bundle_lines').select(['bundle_id', 'product_id', 'quantity']).orderBy('bundle_id').orderBy('position').execute(),
    db.selectFrom('orders').select('items').orderBy('created_at', 'desc').limit(ORDERS_READ).execute(),
    db.selectFrom('products').select(['id', 'sku']).execute(),
  ]);
  const s: StoredRelations = { accessories: new Map(), bundles: new Map(), boughtTogether: new Map() };
  for (const a of accessories) s.accessories.set(a.product_id, [...(s.accessories.get(a.product_id) ?? []), a.accessory_id]);
  const linesOf = new Map<number, { product_id: number; quantity: number }[]>();
  for (const l of lines)
    linesOf.set(l.bundle_id, [...(linesOf.get(l.bundle_id) ?? []), { product_id: l.product_id, quantity: l.quantity }]);
  for (const h of heads)
    s.bundles.set(h.product_id, [
      ...(s.bundles.get(h.product_id) ?? []),
      { id: h.id, discount_percent: h.discount_percent, lines: linesOf.get(h.id) ?? [] },
    ]);
  // order lines name products by sku (a snapshot as placed); products no longer sold simply drop out
  const idOfSku = new Map(skus.map((p) => [p.sku, p.id]));
  const baskets = orders.map((o) => {
    try {
      const items = JSON.parse(o.items) as { sku?: unknown }[];
      return items.flatMap((i) => (typeof i.sku === 'string' && idOfSku.has(i.sku) ? [idOfSku.get(i.sku)!] : []));
    } catch {
      return [];
    }
  });
  s.boughtTogether = boughtTogetherCounts(baskets);
  return s;
}

let stored: Promise<StoredRelations> | undefined;
function storedRelations(): Promise<StoredRelations> {
  stored ??= loadStored();
  stored.catch(() => (stored = undefined));
  return stored;
}

const byIdOf = new WeakMap<LocaleCatalogue, Map<number, PageProduct>>();
function productsById(cat: LocaleCatalogue): Map<number, PageProduct> {
  let m = byIdOf.get(cat);
  if (!m) byIdOf.set(cat, (m = new Map(cat.products.map((p) => [p.id, p]))));
  return m;
}

const buyable = (p: PageProduct) => p.orderable && p.variations.length === 0;

function factsOf(cat: LocaleCatalogue, p: PageProduct): RecommendationFacts {
  const main = p.mainCategoryId !== null ? cat.categoryById.get(p.mainCategoryId) : undefined;
  return {
    id: p.id,
    brandId: p.brand?.id ?? null,
    applianceId: main ? (main.parent_id ?? main.id) : null,
    categoryId: main?.id ?? null,
    buyable: buyable(p),
    inStock: p.stock_status === 'in-stock',
  };
}

/** The accessories (`original`) and the first complete upsell bundle (`upselling`) of a product page. */
export async function productRelations(locale: LocaleCode, product: PageProduct): Promise<ProductRelations> {
  const [cat, s] = await Promise.all([localeCatalogue(locale), storedRelations()]);
  const byId = productsById(cat);
  const subject = factsOf(cat, product);
  const pick = (ids: readonly number[]) => ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));

  const together = s.boughtTogether.get(product.id) ?? new Map<number, number>();
  const candidates = new Map<number, PageProduct>();
  for (const p of pick([...together.keys()])) candidates.set(p.id, p);
  for (const source of [subject.applianceId, subject.categoryId])
    for (const p of (source !== null ? cat.productsInCategory.get(source) : undefined)?.slice(0, CANDIDATES_PER_SOURCE) ?? [])
      candidates.set(p.id, p);
  const ids = recommend(
    subject,
    pick(s.accessories.get(product.id) ?? []).map((p) => factsOf(cat, p)),
    [...candidates.values()].map((p) => factsOf(cat, p)),
    together,
    ACCESSORIES_SHOWN,
  );

  // the first bundle whose every line is sold in this storefront and can go in the cart as it is
  let bundle: PageBundle | null = null;
  for (const b of s.bundles.get(product.id) ?? []) {
    const lines = b.lines.map((l) => ({ product: byId.get(l.product_id), quantity: l.quantity }));
    if (!buyable(product) || lines.length < 2 || lines.some((l) => !l.product || !buyable(l.product))) continue;
    const complete = lines as { product: PageProduct; quantity: number }[];
    const totals = bundleTotalsMinor(
      complete.map((l) => ({ prices: l.product.prices, quantity: l.quantity })),
      b.discount_percent,
    );
    bundle = { id: b.id, discount_percent: b.discount_percent, lines: complete, ...totals };
    break;
  }
  return { accessories: pick(ids), bundle };
}
