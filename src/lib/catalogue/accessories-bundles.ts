/**
 * Upsell bundles (docs/product/accessories.md#upsell-bundles), pure: what a bundle line costs and which cart
 * lines really form a stored bundle. The server prices bundle lines with these; the product page shows
 * the same figures. A line claiming a bundle it does not belong to is treated as an ordinary line.
 */
import type { PriceObject } from '#lib/catalogue/types.ts';
import { ordinaryUnitPrice, unitPrice } from '#lib/pricing/tiers.ts';
import { percentOfMinor, toMinorUnits } from '#lib/pricing/minor-units.ts';

/** Whole percent off a bundle line's ordinary price: at least 1, at most 90 (a bundle is never free). */
export const BUNDLE_DISCOUNT_MIN = 1;
export const BUNDLE_DISCOUNT_MAX = 90;

export interface BundleLine {
  product_id: number;
  sku: string;
  quantity: number;
}

/** A bundle as stored (migration 0017): its lines include the main product. */
export interface StoredBundle {
  id: number;
  product_id: number;
  discount_percent: number;
  lines: BundleLine[];
}

/**
 * Unit price incl. VAT of a bundle line: the ordinary tier price for the quantity less the bundle's percent,
 * in exact minor units (half away from zero). A running campaign that is cheaper wins: the shopper gets the
 * better of the two, never both.
 */
export function bundleUnitPrice(prices: PriceObject, quantity: number, discountPercent: number): number {
  const ordinaryMinor = toMinorUnits(ordinaryUnitPrice(prices, quantity));
  const bundleMinor = ordinaryMinor - percentOfMinor(ordinaryMinor, discountPercent);
  return Math.min(unitPrice(prices, quantity), bundleMinor / 100);
}

/** Σ quantity × bundle unit price and Σ quantity × ordinary price, in minor units (what the page shows). */
export function bundleTotalsMinor(
  lines: readonly { prices: PriceObject; quantity: number }[],
  discountPercent: number,
): { totalMinor: number; ordinaryMinor: number } {
  let totalMinor = 0;
  let ordinaryMinor = 0;
  for (const l of lines) {
    totalMinor += toMinorUnits(bundleUnitPrice(l.prices, l.quantity, discountPercent)) * l.quantity;
    ordinaryMinor += toMinorUnits(ordinaryUnitPrice(l.prices, l.quantity)) * l.quantity;
  }
  return { totalMinor, ordinaryMinor };
}

/** What the validation reads of a cart line. */
export interface ClaimedLine {
  sku: string;
  quantity: number;
  upselling_bundle_id?: number | null;
  unique_bundle_id?: string | null;
}

/**
 * The cart lines that form complete, untouched instances of stored bundles: index of the line → its bundle.
 * Lines of one instance share `upselling_bundle_id` and `unique_bundle_id`. An instance counts only when the
 * bundle exists and the instance holds every bundle line exactly once, at the bundle's quantity, and every
 * line can be sold as asked (`sellable`: known, orderable, not capped by stock, not a subscription).
 * Lines asking for quantity 0 are removals and belong to no instance. Every other claiming line is absent
 * from the answer: the server prices it as an ordinary line and drops its bundle ids.
 */
export function bundledLines(
  lines: readonly ClaimedLine[],
  bundles: ReadonlyMap<number, StoredBundle>,
  sellable: (index: number) => boolean,
): Map<number, StoredBundle> {
  const instances = new Map<string, number[]>();
  lines.forEach((l, i) => {
    if (!l.upselling_bundle_id || l.quantity === 0) return;
    const key = `${l.upselling_bundle_id}\u0000${l.unique_bundle_id ?? ''}`;
    const list = instances.get(key);
    if (list) list.push(i);
    else instances.set(key, [i]);
  });
  const out = new Map<number, StoredBundle>();
  for (const indexes of instances.values()) {
    const bundle = bundles.get(lines[indexes[0]].upselling_bundle_id!);
    if (!bundle || indexes.length !== bundle.lines.length) continue;
    const wanted = new Map(bundle.lines.map((b) => [b.sku, b.quantity]));
    const complete = indexes.every((i) => {
      const want = wanted.get(lines[i].sku);
      wanted.delete(lines[i].sku); // each bundle line once: a repeated sku finds nothing the second time
      return want !== undefined && want === lines[i].quantity && sellable(i);
    });
    if (complete && wanted.size === 0) for (const i of indexes) out.set(i, bundle);
  }
  return out;
}
