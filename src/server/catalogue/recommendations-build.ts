/**
 * The accessories block's data for the static product pages (docs/product/accessories.md), computed at build
 * time. The list of the `original` variant is ranked by recommendation-facts.ts, the same per-product read
 * GET /api/recommendations answers from (one truth); the upsell bundles are loaded ONCE per build (memoized
 * per process, like page-catalogue.ts).
 */
import { getDb } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { bundleTotalsMinor } from '#lib/catalogue/accessories-bundles.ts';
import { localeCatalogue, type LocaleCatalogue, type PageProduct } from './page-catalogue.ts';
import { recommendedIds } from './recommendation-facts.ts';

/** Cards in the `original` variant. */
export const ACCESSORIES_SHOWN = 4;

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
  /** main product → its bundles in position order */
  bundles: Map<number, StoredBundle[]>;
}

async function loadStored(): Promise<StoredRelations> {
  const db = getDb();
  const [heads, lines] = await Promise.all([
    db.selectFrom('upsell_bundles').select(['id', 'product_id', 'discount_percent']).orderBy('product_id').orderBy('position').execute(),
    db.selectFrom('upsell_bundle_lines').select(['bundle_id', 'product_id', 'quantity']).orderBy('bundle_id').orderBy('position').execute(),
  ]);
  const s: StoredRelations = { bundles: new Map() };
  const linesOf = new Map<number, { product_id: number; quantity: number }[]>();
  for (const l of lines)
    linesOf.set(l.bundle_id, [...(linesOf.get(l.bundle_id) ?? []), { product_id: l.product_id, quantity: l.quantity }]);
  for (const h of heads)
    s.bundles.set(h.product_id, [
      ...(s.bundles.get(h.product_id) ?? []),
      { id: h.id, discount_percent: h.discount_percent, lines: linesOf.get(h.id) ?? [] },
    ]);
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

export type StoredBundle = { id: number; discount_percent: number; lines: { product_id: number; quantity: number }[] };

/** The first bundle whose every line is sold in this storefront and can go in the cart as it is (null: none). */
export function firstCompleteBundle(
  product: PageProduct,
  bundles: readonly StoredBundle[],
  byId: ReadonlyMap<number, PageProduct>,
): PageBundle | null {
  if (!buyable(product)) return null;
  for (const b of bundles) {
    const lines = b.lines.map((l) => ({ product: byId.get(l.product_id), quantity: l.quantity }));
    if (lines.length < 2 || lines.some((l) => !l.product || !buyable(l.product))) continue;
    const complete = lines as { product: PageProduct; quantity: number }[];
    const totals = bundleTotalsMinor(
      complete.map((l) => ({ prices: l.product.prices, quantity: l.quantity })),
      b.discount_percent,
    );
    return { id: b.id, discount_percent: b.discount_percent, lines: complete, ...totals };
  }
  return null;
}

/** The accessories (`original`) and the first complete upsell bundle (`upselling`) of a product page. */
export async function productRelations(locale: LocaleCode, product: PageProduct): Promise<ProductRelations> {
  const [cat, s, ids] = await Promise.all([
    localeCatalogue(locale),
    storedRelations(),
    recommendedIds(getDb(), locale, { id: product.id }, ACCESSORIES_SHOWN),
  ]);
  const byId = productsById(cat);
  const pick = (list: readonly number[]) => list.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));

  const bundle = firstCompleteBundle(product, s.bundles.get(product.id) ?? [], byId);
  return { accessories: pick(ids ?? []), bundle };
}
