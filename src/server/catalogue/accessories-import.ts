/**
 * The catalogue document's product relations (docs/product/accessories.md#import-format): accessories per
 * product and upsell bundles, by sku. Checked against the document's products before anything is written,
 * so a broken reference fails the whole import with a clear message.
 */
import { z } from 'zod';
import { BUNDLE_DISCOUNT_MAX, BUNDLE_DISCOUNT_MIN } from '#lib/catalogue/accessories-bundles.ts';
import type { ProductAccessoriesTable, UpsellBundleLinesTable, UpsellBundlesTable } from '#server/db/product-relation-tables.ts';

const sku = z.string().min(1).max(64);

/** One product's accessories, best first. */
export const accessoriesDocumentSchema = z.object({
  product_sku: sku,
  accessory_skus: z.array(sku).min(1).max(50),
});

/** An upsell bundle: its lines (the main product among them) enter the cart together at discount_percent off. */
export const upsellBundleDocumentSchema = z.object({
  id: z.number().int().positive(),
  product_sku: sku,
  discount_percent: z.number().int().min(BUNDLE_DISCOUNT_MIN).max(BUNDLE_DISCOUNT_MAX),
  lines: z
    .array(z.object({ sku, quantity: z.number().int().min(1).max(100) }))
    .min(2)
    .max(10),
});

export type AccessoriesDocument = z.output<typeof accessoriesDocumentSchema>;
export type UpsellBundleDocument = z.output<typeof upsellBundleDocumentSchema>;

export interface RelationRows {
  accessories: ProductAccessoriesTable[];
  bundles: UpsellBundlesTable[];
  bundleLines: UpsellBundleLinesTable[];
}

/** The rows to insert, or an Error naming up to 10 problems (unknown skus, duplicates, a bundle without its product). */
export function relationRows(
  skuToId: ReadonlyMap<string, number>,
  accessories: readonly AccessoriesDocument[],
  bundles: readonly UpsellBundleDocument[],
): RelationRows {
  const problems: string[] = [];
  const idOf = (s: string, where: string) => {
    const id = skuToId.get(s);
    if (id === undefined) problems.push(`${where}: unknown sku ${s}`);
    return id;
  };
  const out: RelationRows = { accessories: [], bundles: [], bundleLines: [] };
  const seenProducts = new Set<string>();
  accessories.forEach((a, i) => {
    const where = `accessories.${i}`;
    if (seenProducts.has(a.product_sku)) problems.push(`${where}: ${a.product_sku} listed twice`);
    seenProducts.add(a.product_sku);
    const productId = idOf(a.product_sku, where);
    if (new Set(a.accessory_skus).size !== a.accessory_skus.length) problems.push(`${where}: an accessory listed twice`);
    if (a.accessory_skus.includes(a.product_sku)) problems.push(`${where}: a product is not its own accessory`);
    a.accessory_skus.forEach((s, position) => {
      const accessoryId = idOf(s, where);
      if (productId !== undefined && accessoryId !== undefined && accessoryId !== productId)
        out.accessories.push({ product_id: productId, accessory_id: accessoryId, position });
    });
  });
  const seenIds = new Set<number>();
  const positions = new Map<number, number>();
  bundles.forEach((b, i) => {
    const where = `upsell_bundles.${i}`;
    if (seenIds.has(b.id)) problems.push(`${where}: bundle id ${b.id} used twice`);
    seenIds.add(b.id);
    const productId = idOf(b.product_sku, where);
    const skus = b.lines.map((l) => l.sku);
    if (new Set(skus).size !== skus.length) problems.push(`${where}: a line listed twice`);
    if (!skus.includes(b.product_sku)) problems.push(`${where}: the lines must include the bundle's product ${b.product_sku}`);
    if (productId === undefined) return;
    const position = positions.get(productId) ?? 0;
    positions.set(productId, position + 1);
    out.bundles.push({ id: b.id, product_id: productId, discount_percent: b.discount_percent, position });
    b.lines.forEach((l, linePosition) => {
      const lineId = idOf(l.sku, where);
      if (lineId !== undefined) out.bundleLines.push({ bundle_id: b.id, product_id: lineId, quantity: l.quantity, position: linePosition });
    });
  });
  if (problems.length > 0) {
    const lines = problems.slice(0, 10).map((p) => `  ${p}`);
    throw new Error(`invalid catalogue (${problems.length} problems):\n${lines.join('\n')}`);
  }
  return out;
}
