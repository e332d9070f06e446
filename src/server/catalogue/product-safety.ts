/**
 * One product's safety information as stored (migration 0026): its brand's JSON with the product's own fields
 * over it (docs/product/legal.md). A build reads every brand's and product's JSON once (two queries, memoized
 * like the page catalogue); a re-rendered page reads its product by primary key (docs/adr/0017-incremental-pages.md).
 */
import { getDb, type Db } from '#server/db/connection.ts';
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

interface CatalogueSafety {
  brands: Map<number, SafetyInfo | null>;
  /** only the products that set their own fields */
  products: Map<number, SafetyInfo>;
}

async function loadCatalogueSafety(db: Db): Promise<CatalogueSafety> {
  const [brands, products] = await Promise.all([
    db.selectFrom('brands').select(['id', 'safety']).execute(),
    db.selectFrom('products').where('safety', 'is not', null).select(['id', 'safety']).execute(),
  ]);
  return {
    brands: new Map(brands.map((b) => [b.id, parsed(b.safety)])),
    products: new Map(products.map((p) => [p.id, parsed(p.safety)!])),
  };
}

const memo = new WeakMap<Db, Promise<CatalogueSafety>>();

/** What a built product page shows, from the build's one read of every brand's and product's JSON. */
export async function builtProductSafety(
  productId: number,
  brandId: number | null,
  locale: string,
  db: Db = getDb(),
): Promise<ShownSafety | null> {
  if (!memo.has(db)) memo.set(db, loadCatalogueSafety(db));
  const all = await memo.get(db)!;
  return shownSafety(resolveSafety(brandId !== null ? all.brands.get(brandId) : null, all.products.get(productId)), locale);
}
