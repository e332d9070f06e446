/**
 * The part-number facts the relevance set's number cases need (tests/support/search-relevance.ts): each product's
 * OEM numbers, cross-references and replaced numbers, and the sku of the part sold now when it is replaced.
 * Shared by the API suite and bench/search.mjs.
 */
import type { Db } from '#server/db/connection.ts';
import { currentProduct } from '#lib/catalogue/part-number-lookup.ts';
import { supersessionMap } from '#server/catalogue/appliance-models.ts';
import type { CatalogueProduct } from './search-relevance.ts';

export async function withPartNumbers<T extends CatalogueProduct & { id: number }>(db: Db, products: readonly T[]): Promise<T[]> {
  const [numbers, replacedBy, skus] = await Promise.all([
    db
      .selectFrom('product_numbers')
      .select(['product_id', 'kind', 'number'])
      .orderBy('product_id')
      .orderBy('kind')
      .orderBy('number')
      .execute(),
    supersessionMap(db),
    db.selectFrom('products').select(['id', 'sku']).execute(),
  ]);
  const skuOf = new Map(skus.map((r) => [r.id, r.sku]));
  const numbersOf = new Map<number, { kind: string; number: string }[]>();
  for (const n of numbers) numbersOf.set(n.product_id, [...(numbersOf.get(n.product_id) ?? []), { kind: n.kind, number: n.number }]);
  return products.map((p) => {
    const current = replacedBy.has(p.id) ? skuOf.get(currentProduct(p.id, replacedBy)) : undefined;
    return { ...p, numbers: numbersOf.get(p.id) ?? [], ...(current ? { current } : {}) };
  });
}
