/**
 * The demo catalogue for large sizes (docs/product/catalogue.md#json-lines), one JSON Lines record at a time:
 * the taxonomy of the demo, then each product drawn from a generator seeded by its id, so memory holds one
 * product and the same options give the same bytes. Each product carries its part numbers (its maker's OEM
 * number, often a cross-reference, sometimes an old number: demoPartNumbers, from a second generator of its own, so
 * the products themselves are what they were before). Most discontinued parts are replaced by a part still sold for
 * the same appliance and part type (demoSuccessors: one met shortly before, so memory holds a few skus per part type
 * and a product still does not depend on the catalogue's size). Unlike the full demo (demo-generator.ts) it has no
 * models, relations, coupons or content pages: those need the whole product list.
 */
import { demoProduct, demoTaxonomy, fixedStockStatus, prng } from './demo-generator.ts';
import { demoPartNumbers } from './demo-models.ts';
import { demoSuccessors } from './demo-successors.ts';

export interface DemoStreamOptions {
  products: number;
  seed?: number;
  now?: Date;
  onProgress?: (done: number, total: number) => void;
}

/** Above this many products `npm run seed` and `export-demo` stream (docs/product/catalogue.md#json-lines). */
export const STREAMED_DEMO_FROM = 100_000;

/** Each product's own generator: its draws do not depend on the products before it. */
const productSeed = (seed: number, id: number) => (seed ^ Math.imul(id, 0x9e3779b1)) >>> 0;
/** The seed of a product's part-number generator: a stream apart from its product's. */
const NUMBERS_SEED = 0x6e756d62;
/** The seed of a product's supersession draw: a third stream, so products and numbers stay what they were. */
const SUCCESSION_SEED = 0x73756363;

export function* demoCatalogueLines(options: DemoStreamOptions): Generator<string> {
  const demoNow = options.now ?? new Date(Date.UTC(2026, 0, 1));
  const seed = options.seed ?? 20261122;
  const taxonomy = demoTaxonomy();
  for (const category of taxonomy.categories) yield JSON.stringify({ category });
  for (const brand of taxonomy.brands) yield JSON.stringify({ brand });
  for (const tag of taxonomy.tags) yield JSON.stringify({ tag });
  const total = options.products;
  const brandName = new Map(taxonomy.brands.map((b) => [b.id, b.name]));
  const successors = demoSuccessors();
  for (let id = 1; id <= total; id++) {
    const { product } = demoProduct(id, prng(productSeed(seed, id)), taxonomy, demoNow);
    fixedStockStatus(product, id - 1);
    Object.assign(product, demoPartNumbers(brandName.get(product.brand_id!)!, taxonomy.brands, prng(productSeed(seed ^ NUMBERS_SEED, id))));
    successors.settle(id, product, prng(productSeed(seed ^ SUCCESSION_SEED, id)));
    yield JSON.stringify({ product });
    if (options.onProgress && (id % 1000 === 0 || id === total)) options.onProgress(id, total);
  }
}
