/**
 * Supersession in the streamed demo (demo-stream.ts; docs/product/parts-finder.md#demo-data): as in the full demo,
 * most discontinued parts are replaced by a part still sold for the same appliance and part type (its category). The
 * stream cannot look ahead, so the successor is one of the last few orderable parts of that category met before it: memory holds a
 * handful of skus per part type, and a product still does not depend on how many come after it.
 */
import type { CatalogueInput } from '#server/catalogue/catalogue-schema.ts';

type ProductDoc = CatalogueInput['products'][number];

/** The full demo's share of discontinued parts that get a successor. */
const REPLACED_SHARE = 0.7;
/** Recent orderable parts kept per category. */
const KEPT = 8;
/** The first products carry the fixed stock statuses (fixedStockStatus): they stay as they are, as in the full demo. */
const FIXED = 40;

export function demoSuccessors() {
  const recent = new Map<number, string[]>();
  return {
    /** Gives a discontinued product a successor (its `replaced_by`), or remembers an orderable one as a candidate. */
    settle(id: number, product: ProductDoc, rand: () => number): void {
      const key = product.categories.find((c) => c.main)?.id ?? 0;
      const kept = recent.get(key);
      if (product.stock_status === 'discontinued') {
        if (id > FIXED && kept && rand() < REPLACED_SHARE) product.replaced_by = kept[Math.floor(rand() * kept.length)];
        return;
      }
      if (!product.orderable) return;
      if (!kept) recent.set(key, [product.sku]);
      else {
        kept.push(product.sku);
        if (kept.length > KEPT) kept.shift();
      }
    },
  };
}
