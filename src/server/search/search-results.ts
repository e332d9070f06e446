/**
 * The search results page: the same ranked search as GET /api/products (so the page and the dropdown
 * agree), shaped as add-to-cart inputs for the product cards.
 */
import { getDb } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { cartProductInput, type CartProductInput } from '#lib/cart/product-input.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { searchProducts } from './search-products.ts';

export async function searchResults(
  locale: LocaleCode,
  q: string,
  limit: number,
): Promise<{ products: CartProductInput[]; total: number }> {
  const db = getDb();
  const found = await searchProducts(db, { locale, query: q, limit });
  const skus = found.products.map((p) => p.sku);
  const rows =
    skus.length === 0
      ? []
      : await db
          .selectFrom('products as p')
          .leftJoin('product_categories as pc', 'pc.product_id', 'p.id')
          .select(['p.id', 'p.sku', 'p.type', 'pc.category_id'])
          .where('p.sku', 'in', skus)
          .execute();
  const products = found.products.flatMap((p): CartProductInput[] => {
    const own = rows.filter((r) => r.sku === p.sku);
    if (own.length === 0) return [];
    return [
      cartProductInput({
        ...p,
        product_id: own[0].id,
        url: pathFor('product', locale, { slug: p.slug }),
        type: own[0].type,
        categories: own.flatMap((r) => (r.category_id ? [r.category_id] : [])),
      }),
    ];
  });
  return { products, total: found.total };
}
