/**
 * The accessories block's data for the product pages (docs/product/accessories.md). The list of the `original`
 * variant is ranked by recommendation-facts.ts, the same per-product read GET /api/recommendations answers from
 * (one truth); a page reads its accessories and bundles by id (product-page-data.ts).
 */
import { bundleTotalsMinor } from '#lib/catalogue/accessories-bundles.ts';
import type { PageProduct } from './page-catalogue.ts';

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
