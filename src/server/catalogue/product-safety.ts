/**
 * One product's safety information as stored (migration 0026): its brand's JSON with the product's own fields
 * over it (docs/product/legal.md). Read by primary key for every product page, built or re-rendered.
 */
import type { Db } from '#server/db/connection.ts';
import { resolveSafety, shownSafety, type SafetyInfo, type ShownSafety } from '#lib/catalogue/product-safety.ts';

const parsed = (json: string | null): SafetyInfo | null => (json ? (JSON.parse(json) as SafetyInfo) : null);

/** The product's resolved safety information; null when the product does not exist. */
export async function productSafetyInfo(db: Db, productId: number): Promise<SafetyInfo | null> {
  const row = await db
    .selectFrom('products as p')
    .leftJoin('brands as b', 'b.id', 'p.brand_id')
    .where('p.id', '=', productId)
    .select(['p.safety as product', 'b.safety as brand'])
    .executeTakeFirst();
  return row ? resolveSafety(parsed(row.brand), parsed(row.product)) : null;
}

/** What the product page of this storefront shows; null when incomplete there (the import refuses that). */
export async function productSafetyShown(db: Db, productId: number, locale: string): Promise<ShownSafety | null> {
  const info = await productSafetyInfo(db, productId);
  return info ? shownSafety(info, locale) : null;
}
