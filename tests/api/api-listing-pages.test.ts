/**
 * Listing pages beyond the static first page (docs/adr/0012-listing-pages.md): page N and filtered/sorted
 * listings rendered on demand, as a crawler or a browser without JS gets them — products, count, canonical,
 * robots, rel=prev/next, cache headers — and bad parameters answered without a 500. Expectations come from
 * the test database: the products of a category and its descendants, in stock first, then by name.
 */
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { request, type TestResponse } from '#tests/support/http.ts';
import { openTestDb, productsOf, raw, type TestProduct } from './api-support.ts';
import type { DbHandle } from '#server/db/connection.ts';
import { flattenCategories, loadCategoryTree, type Category } from '#server/catalogue/category-repository.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { unitPrice } from '#lib/pricing/tiers.ts';
import { LISTING_PAGE_SIZE } from '#lib/catalogue/listing-query.ts';

let h: DbHandle;
type Product = TestProduct & { brand_id: number | null };
let products: Product[];
let categories: Category[];
let inCategory: Map<number, Product[]>;

const cards = (html: string) => [...html.matchAll(/data-testid="product-card" data-sku="([^"]+)"/g)].map((m) => m[1]);
const count = (html: string) => /data-testid="listing-count"[^>]*>([^<]*)</.exec(html)?.[1].trim();
const link = (html: string, rel: string) => new RegExp(`<link rel="${rel}" href="([^"]+)"`).exec(html)?.[1];
const robots = (html: string) => /<meta name="robots" content="([^"]+)"/.exec(html)?.[1];
const get = (path: string, locale = 'sv') => request(raw(path, locale as 'sv'));
const origin = new URL(raw('/')).origin;
const rank = (p: TestProduct) => (p.stock_status === 'in-stock' ? 0 : p.orderable ? 1 : 2);

function pageOf(c: Category, n: number, search = '') {
  return pathFor('product-category-all-page', 'sv', { all: c.path.join('/'), page: String(n) }) + search;
}
function expectShared(r: TestResponse) {
  expect(r.headers['cache-control']).toMatch(/^public, /);
  expect(r.headers['cache-control']).toMatch(/s-maxage=\d+/);
  expect(r.headers['cache-control']).toMatch(/stale-while-revalidate=\d+/);
}

beforeAll(async () => {
  h = openTestDb();
  const brands = await h.db.selectFrom('products').select(['id', 'brand_id']).execute();
  const brandOf = new Map(brands.map((b) => [b.id, b.brand_id]));
  const collator = new Intl.Collator('sv');
  products = (await productsOf(h, 'sv'))
    .map((p) => ({ ...p, brand_id: brandOf.get(p.id) ?? null }))
    .sort((a, b) => rank(a) - rank(b) || collator.compare(a.name, b.name) || a.id - b.id);
  categories = flattenCategories(await loadCategoryTree(h.db, 'sv'));
  const byId = new Map(categories.map((c) => [c.id, c]));
  const links = await h.db.selectFrom('product_categories').select(['product_id', 'category_id']).execute();
  const member = new Map<number, Set<number>>();
  for (const l of links)
    for (let c = byId.get(l.category_id); c; c = c.parent_id !== null ? byId.get(c.parent_id) : undefined) {
      const s = member.get(c.id) ?? new Set<number>();
      s.add(l.product_id);
      member.set(c.id, s);
    }
  inCategory = new Map(categories.map((c) => [c.id, products.filter((p) => member.get(c.id)?.has(p.id))]));
});
afterAll(async () => {
  await h.db.destroy();
});

/** The category with the most products (the test catalogue's has three pages). */
const largest = () => categories.reduce((a, b) => (inCategory.get(b.id)!.length > inCategory.get(a.id)!.length ? b : a));

describe('paging', () => {
  it('the static first page links page 2 (pager and rel=next) and shows the first page of products', async () => {
    const c = largest();
    const all = inCategory.get(c.id)!;
    expect(all.length).toBeGreaterThan(2 * LISTING_PAGE_SIZE);
    const r = await get(c.uri);
    expect(r.status).toBe(200);
    expect(cards(r.body)).toEqual(all.slice(0, LISTING_PAGE_SIZE).map((p) => p.sku));
    expect(link(r.body, 'next')).toMatch(new RegExp(`${pageOf(c, 2)}$`));
    expect(r.body).toContain(`href="${pageOf(c, 2)}" rel="next"`);
    expect(r.body).toContain(`action="${pageOf(c, 1)}"`);
  });

  it('page 2 answers 200 with the next products, itself as canonical, prev/next and shared-cache headers', async () => {
    const c = largest();
    const all = inCategory.get(c.id)!;
    const r = await get(pageOf(c, 2));
    expect(r.status).toBe(200);
    expect(cards(r.body)).toEqual(all.slice(LISTING_PAGE_SIZE, 2 * LISTING_PAGE_SIZE).map((p) => p.sku));
    expect(count(r.body)).toBe(`Visar ${LISTING_PAGE_SIZE + 1}–${2 * LISTING_PAGE_SIZE} av ${all.length} produkter`);
    expect(link(r.body, 'canonical')).toBe(origin + pageOf(c, 2));
    expect(robots(r.body)).toBeUndefined();
    expect(link(r.body, 'prev')).toBe(origin + c.uri);
    expect(link(r.body, 'next')).toBe(origin + pageOf(c, 3));
    expect(r.body).not.toMatch(/<link rel="alternate" hreflang/);
    expectShared(r);
  });

  it('the last page reaches the last product; one past it is not found', async () => {
    const c = largest();
    const all = inCategory.get(c.id)!;
    const last = Math.ceil(all.length / LISTING_PAGE_SIZE);
    const r = await get(pageOf(c, last));
    expect(r.status).toBe(200);
    expect(cards(r.body)).toEqual(all.slice((last - 1) * LISTING_PAGE_SIZE).map((p) => p.sku));
    expect(cards(r.body).at(-1)).toBe(all.at(-1)!.sku);
    expect(link(r.body, 'next')).toBeUndefined();
    expect((await get(pageOf(c, last + 1))).status).toBe(404);
  });

  it('page 1 without filters is the static page: a redirect that keeps other parameters', async () => {
    const c = largest();
    const r = await get(pageOf(c, 1, '?utm_source=mail&sort='));
    expect(r.status).toBe(301);
    expect(r.headers.location).toBe(`${c.uri}?utm_source=mail`);
  });

  it('localized paging paths in another storefront', async () => {
    const fiTree = flattenCategories(await loadCategoryTree(h.db, 'fi'));
    const c = fiTree.find((x) => x.id === largest().id)!;
    const path = pathFor('product-category-all-page', 'fi', { all: c.path.join('/'), page: '2' });
    expect(path).toMatch(/^\/kategoria\/.+\/sivu\/2$/);
    const r = await get(path, 'fi');
    expect(r.status).toBe(200);
    expect(count(r.body)).toMatch(/^Näytetään 49–96 \/ \d+ tuotetta$/);
  });
});

describe('filters and sorting', () => {
  it('a brand filter narrows the listing; the page is noindex,follow with the unfiltered listing as canonical', async () => {
    const c = largest();
    const all = inCategory.get(c.id)!;
    const brandCounts = new Map<number, number>();
    for (const p of all) if (p.brand_id !== null) brandCounts.set(p.brand_id, (brandCounts.get(p.brand_id) ?? 0) + 1);
    const [brandId] = [...brandCounts].sort((a, b) => b[1] - a[1])[0];
    const brand = await h.db.selectFrom('brands').select('slug').where('id', '=', brandId).executeTakeFirstOrThrow();
    const r = await get(pageOf(c, 1, `?brand=${brand.slug}`));
    expect(r.status).toBe(200);
    const expected = all.filter((p) => p.brand_id === brandId);
    expect(cards(r.body)).toEqual(expected.slice(0, LISTING_PAGE_SIZE).map((p) => p.sku));
    expect(cards(r.body).length).toBeLessThan(all.length);
    expect(robots(r.body)).toBe('noindex, follow');
    expect(link(r.body, 'canonical')).toBe(origin + c.uri);
    expect(r.body).toMatch(new RegExp(`name="brand" value="${brand.slug}"[^>]*checked`));
    expectShared(r);
  });

  it('stock and price filters narrow; price sorting orders by the shown price', async () => {
    const c = largest();
    const all = inCategory.get(c.id)!;
    const inStock = all.filter((p) => p.stock_status === 'in-stock');
    const r = await get(pageOf(c, 1, '?stock=in-stock'));
    expect(cards(r.body)).toEqual(inStock.slice(0, LISTING_PAGE_SIZE).map((p) => p.sku));

    const price = (p: TestProduct) => unitPrice(p.prices, 1);
    const prices = all.map(price).sort((a, b) => a - b);
    const [min, max] = [Math.ceil(prices[10]), Math.floor(prices[prices.length - 10])];
    const ranged = await get(pageOf(c, 1, `?min=${min}&max=${max}&sort=price-asc`));
    const bySku = new Map(all.map((p) => [p.sku, price(p)]));
    const shown = cards(ranged.body).map((s) => bySku.get(s)!);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    for (const x of shown) expect(x >= min - 0.5 && x <= max + 0.5).toBe(true);

    const desc = await get(pageOf(c, 1, '?sort=price-desc'));
    expect(bySku.get(cards(desc.body)[0])).toBe(Math.max(...all.map(price)));
  });

  it('a subcategory filter narrows to that branch', async () => {
    const c = largest();
    const child = c.children.find((x) => (inCategory.get(x.id)?.length ?? 0) > 0)!;
    const r = await get(pageOf(c, 1, `?sub=${child.slug}`));
    expect(r.status).toBe(200);
    expect(cards(r.body)).toEqual(
      inCategory
        .get(child.id)!
        .slice(0, LISTING_PAGE_SIZE)
        .map((p) => p.sku),
    );
  });

  it('brand and tag listings take filters too', async () => {
    const brand = await h.db.selectFrom('brands').select(['id', 'slug']).orderBy('id').executeTakeFirstOrThrow();
    const r = await get(pathFor('brand-slug-page', 'sv', { slug: brand.slug, page: '1' }) + '?sort=name');
    expect(r.status).toBe(200);
    const mine = products.filter((p) => p.brand_id === brand.id);
    expect(cards(r.body).sort()).toEqual(mine.map((p) => p.sku).sort());
    expect(robots(r.body)).toBe('noindex, follow');
    const tag = await h.db
      .selectFrom('tag_translations')
      .select('slug')
      .where('locale', '=', 'sv')
      .orderBy('tag_id')
      .executeTakeFirstOrThrow();
    const t = await get(pathFor('product-tag-slug-page', 'sv', { slug: tag.slug, page: '1' }) + '?stock=in-stock');
    expect(t.status).toBe(200);
    expect(cards(t.body).length).toBeGreaterThan(0);
  });

  it('the listing script gets a fragment: no page shell, not indexed', async () => {
    const c = largest();
    const r = await get(pageOf(c, 2, '?partial=1'));
    expect(r.status).toBe(200);
    expect(r.body).not.toContain('<html');
    expect(r.body).toContain('data-listing');
    expect(cards(r.body)).toHaveLength(LISTING_PAGE_SIZE);
    expect(r.headers['x-robots-tag']).toBe('noindex');
  });
});

describe('bad parameters', () => {
  it('bad filter values are dropped: the unfiltered listing, never a 500', async () => {
    const c = largest();
    const plain = await get(pageOf(c, 2));
    const r = await get(pageOf(c, 2, '?min=abc&max=-4&sort=random&brand=%3Cscript%3E&stock=soon&sub=nowhere&vat=x'));
    expect(r.status).toBe(200);
    expect(cards(r.body)).toEqual(cards(plain.body));
    expect(link(r.body, 'canonical')).toBe(origin + pageOf(c, 2));
    expect(/name="brand"[^>]*checked/.test(r.body)).toBe(false);
    expect(r.body.includes('%3Cscript') || r.body.includes('&lt;script')).toBe(false);
  });

  it.each(['0', '01', '-1', 'abc', '1.5', '99999999'])('page %s is not found', async (page) => {
    const c = largest();
    const r = await get(`${c.uri}/sida/${page}`);
    expect(r.status).toBe(404);
  });

  it('an unknown category, brand or tag is not found', async () => {
    expect((await get('/kategori/no-such-category/sida/2')).status).toBe(404);
    expect((await get('/varumarke/no-such-brand/sida/2')).status).toBe(404);
    expect((await get('/produkt-tagg/no-such-tag/sida/2')).status).toBe(404);
  });
});
