/**
 * POST /api/category-children: for each asked category, its child categories that hold at least one of
 * the given products (all children when no products are given). Keyed by category id.
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { CategoryChildrenResponse } from '#lib/api/catalogue-contracts.ts';
import { getLayoutData } from './layout-data.ts';
import { flattenCategories, type Category } from './category-repository.ts';

export async function categoryChildren(
  db: Db,
  locale: LocaleCode,
  categoryIds: number[],
  productIds: number[],
): Promise<CategoryChildrenResponse> {
  const tree = (await getLayoutData(locale)).categories;
  const byId = new Map(flattenCategories(tree).map((c) => [c.id, c]));
  // Categories holding the products, and every ancestor of them (a product in a leaf is in its parents too).
  let holding: Set<number> | null = null;
  if (productIds.length > 0) {
    const rows = await db.selectFrom('product_categories').select('category_id').where('product_id', 'in', productIds).execute();
    holding = new Set<number>();
    for (const r of rows) {
      for (let c: Category | undefined = byId.get(r.category_id); c; c = c.parent_id !== null ? byId.get(c.parent_id) : undefined)
        holding.add(c.id);
    }
  }
  const out: CategoryChildrenResponse = {};
  for (const id of [...new Set(categoryIds)]) {
    const c = byId.get(id);
    if (!c) continue;
    out[String(id)] = c.children
      .filter((k) => !holding || holding.has(k.id))
      .map((k) => ({ id: k.id, name: k.name, slug: k.slug, uri: k.uri }));
  }
  return out;
}
