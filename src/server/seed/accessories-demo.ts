/**
 * Product relations of the demo catalogue (docs/product/accessories.md#demo-data), derived from the generated
 * products without randomness: accessories are other parts for the same appliance (same brand first); a bundle
 * is a part with a consumable for the same appliance (a filter with dust bags, a pump with descaler).
 */
import type { CatalogueInput } from '#server/catalogue/catalogue-schema.ts';

/** Part types a shopper buys again and again: what a bundle adds to a part. */
export const CONSUMABLE_PARTS: readonly string[] = ['bag', 'filter', 'descaler', 'sparkplug', 'belt', 'brush', 'lamp'];
const ACCESSORIES_PER_PRODUCT = 4;

type Product = CatalogueInput['products'][number];
interface Leaf {
  id: number;
  partKey: string;
  /** group, appliance, part-type category ids */
  path: number[];
}

/** The product can be sold at this quantity without a stock cap (bundles must stay whole in the cart). */
function sellable(p: Product, quantity: number): boolean {
  if (p.orderable === false || p.stock_status === 'discontinued' || p.stock_status === 'out-of-stock') return false;
  if ((p.variations ?? []).length > 0) return false;
  return p.stock_status !== 'in-stock' || (p.stock_quantity ?? 0) >= quantity;
}

export function demoRelations(
  products: readonly Product[],
  leaves: readonly Leaf[],
): Pick<CatalogueInput, 'accessories' | 'upsell_bundles'> {
  const leafById = new Map(leaves.map((l) => [l.id, l]));
  const leafOfId = new Map(products.map((p) => [p.id, leafById.get((p.categories.find((c) => c.main) ?? p.categories[0]).id)]));
  const leafOf = (p: Product) => leafOfId.get(p.id);
  const byAppliance = new Map<number, Product[]>();
  for (const p of products) {
    const leaf = leafOf(p);
    if (!leaf) continue;
    const list = byAppliance.get(leaf.path[1]) ?? [];
    list.push(p);
    byAppliance.set(leaf.path[1], list);
  }
  const accessories: NonNullable<CatalogueInput['accessories']> = [];
  const upsell_bundles: NonNullable<CatalogueInput['upsell_bundles']> = [];
  for (const p of products) {
    const leaf = leafOf(p);
    if (!leaf) continue;
    // other part types before alternatives of the same part, same brand first, then by id: four buckets,
    // one pass (no sort per product: the 50k-product demo stays linear per appliance)
    const buckets: Product[][] = [[], [], [], []];
    let consumable: Product | undefined; // same brand preferred
    for (const o of byAppliance.get(leaf.path[1]) ?? []) {
      if (o.id === p.id || !sellable(o, 1)) continue;
      const part = leafOf(o);
      if (
        part &&
        part.id !== leaf.id &&
        CONSUMABLE_PARTS.includes(part.partKey) &&
        (!consumable || (consumable.brand_id !== p.brand_id && o.brand_id === p.brand_id))
      )
        consumable = o;
      const bucket = buckets[(leafOf(o)?.id === leaf.id ? 2 : 0) + (o.brand_id === p.brand_id ? 0 : 1)];
      if (bucket.length < ACCESSORIES_PER_PRODUCT) bucket.push(o);
      if (buckets[0].length === ACCESSORIES_PER_PRODUCT && consumable?.brand_id === p.brand_id) break;
    }
    const ranked = buckets.flat();
    if (ranked.length > 0)
      accessories.push({ product_sku: p.sku, accessory_skus: ranked.slice(0, ACCESSORIES_PER_PRODUCT).map((o) => o.sku) });

    if (!sellable(p, 1)) continue;
    if (!consumable) continue;
    const quantity = sellable(consumable, 2) ? 2 : 1;
    upsell_bundles.push({
      id: upsell_bundles.length + 1,
      product_sku: p.sku,
      discount_percent: quantity === 2 ? 15 : 10,
      lines: [
        { sku: p.sku, quantity: 1 },
        { sku: consumable.sku, quantity },
      ],
    });
  }
  return { accessories, upsell_bundles };
}
