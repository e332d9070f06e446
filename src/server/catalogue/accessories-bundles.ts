/** Stored upsell bundles (migration 0017, docs/product/accessories.md#upsell-bundles): what the cart pricing reads. */
import type { Db } from '#server/db/connection.ts';
import type { StoredBundle } from '#lib/catalogue/accessories-bundles.ts';

/** The bundles with these ids and their lines (with skus), in line order; unknown ids are simply absent. */
export async function bundlesByIds(db: Db, ids: readonly number[]): Promise<Map<number, StoredBundle>> {
  const wanted = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0);
  const out = new Map<number, StoredBundle>();
  if (wanted.length === 0) return out;
  const [heads, lines] = await Promise.all([
    db.selectFrom('upsell_bundles').select(['id', 'product_id', 'discount_percent']).where('id', 'in', wanted).execute(),
    db
      .selectFrom('upsell_bundle_lines as l')
      .innerJoin('products as p', 'p.id', 'l.product_id')
      .select(['l.bundle_id', 'l.product_id', 'p.sku', 'l.quantity'])
      .where('l.bundle_id', 'in', wanted)
      .orderBy('l.bundle_id')
      .orderBy('l.position')
      .execute(),
  ]);
  for (const h of heads) out.set(h.id, { id: h.id, product_id: h.product_id, discount_percent: h.discount_percent, lines: [] });
  for (const l of lines) out.get(l.bundle_id)?.lines.push({ product_id: l.product_id, sku: l.sku, quantity: l.quantity });
  return out;
}
