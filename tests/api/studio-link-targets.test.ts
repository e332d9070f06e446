/**
 * The studio's internal-link targets (docs/product/content-studio.md#internal-links): GET /content/api/link-targets
 * on the admin host finds products, categories and pages of one storefront with that storefront's localized path;
 * resolveLinkRef gives a target's path in another storefront; only staff with content.edit, only a valid query.
 * And the page preview the studio frames may be framed by exactly the back office (docs/product/content-studio.md#preview).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '#tests/support/http.ts';
import { openTestDb, port, productsOf, raw, type TestProduct } from './api-support.ts';
import { boGet, staffSession, type StaffSession } from './backoffice-session.ts';
import type { DbHandle } from '#server/db/connection.ts';
import type { LinkTarget } from '#lib/content/studio-link-refs.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { flattenCategories, loadCategoryTree } from '#server/catalogue/category-repository.ts';
import { resolveLinkRef } from '#server/content/link-targets.ts';

let h: DbHandle;
let editor: StaffSession;
let readOnly: StaffSession;
let product: TestProduct;
let fiProduct: TestProduct;

const search = async (query: string, cookie = editor.cookie) => {
  const r = await request(`http://admin.localhost:${port}/content/api/link-targets?${query}`, {
    headers: { cookie, accept: 'application/json' },
  });
  return { status: r.status, body: r.body, targets: r.status === 200 ? (r.json() as { targets: LinkTarget[] }).targets : [] };
};

beforeAll(async () => {
  h = openTestDb();
  editor = await staffSession(h, 'editor');
  readOnly = await staffSession(h, 'read_only');
  const sv = await productsOf(h, 'sv');
  product = sv[Math.floor(sv.length / 3)]!;
  fiProduct = (await productsOf(h, 'fi')).find((p) => p.sku === product.sku)!;
});

afterAll(async () => {
  await h.db.destroy();
});

describe('GET /content/api/link-targets', () => {
  it('finds a product by sku with its localized path in sv and in fi', async () => {
    expect(fiProduct).toBeDefined();
    const sv = await search(`locale=sv&q=${encodeURIComponent(product.sku)}`);
    expect(sv.status, sv.body).toBe(200);
    expect(sv.targets).toContainEqual({
      ref: `product:${product.sku}`,
      kind: 'product',
      label: `${product.name} (${product.sku})`,
      path: pathFor('product', 'sv', { slug: product.slug }),
    });
    const fi = await search(`locale=fi&q=${encodeURIComponent(product.sku)}`);
    const hit = fi.targets.find((t) => t.ref === `product:${product.sku}`);
    expect(hit?.path).toBe(`/tuote/${encodeURIComponent(fiProduct.slug)}`);
  });

  it('finds a category by name with its multi-level localized path', async () => {
    const all = flattenCategories(await loadCategoryTree(h.db, 'fi'));
    const child = all.find((c) => c.path.length > 1) ?? all[0]!;
    const r = await search(`locale=fi&q=${encodeURIComponent(child.name)}`);
    expect(r.status, r.body).toBe(200);
    const hit = r.targets.find((t) => t.ref === `category:${child.id}`);
    expect(hit?.kind).toBe('category');
    expect(hit?.path).toBe(`/kategoria/${child.path.map(encodeURIComponent).join('/')}`);
  });

  it('finds published content pages of that storefront only, at their own address', async () => {
    const sv = await search('locale=sv&q=retur');
    // the demo pages are translation groups (src/server/seed/demo-content.ts): the ref names the group
    expect(sv.targets).toContainEqual({ ref: 'page:returns', kind: 'page', label: 'Returer', path: '/kundservice/retur' });
    const fi = await search(`locale=fi&q=${encodeURIComponent('meistä')}`);
    expect(fi.targets).toContainEqual({ ref: 'page:about-us', kind: 'page', label: 'Meistä', path: '/meista' });
    expect(fi.targets.some((t) => t.path === '/om-oss')).toBe(false);
  });

  it('answers at most the limit, every kind taken in turns', async () => {
    const r = await search('locale=sv&q=&limit=8');
    expect(r.status).toBe(200);
    expect(r.targets).toHaveLength(8);
    expect(new Set(r.targets.map((t) => t.kind))).toEqual(new Set(['page', 'category', 'brand', 'product']));
  });

  it('refuses staff without content.edit (403) and requests without a session (401)', async () => {
    const denied = await search('locale=sv&q=om', readOnly.cookie);
    expect(denied.status).toBe(403);
    expect(JSON.parse(denied.body)).toMatchObject({ error: { code: 'forbidden' } });
    const anonymous = await search('locale=sv&q=om', '');
    expect(anonymous.status).toBe(401);
  });

  it('answers 400 invalid_request on a bad query', async () => {
    for (const q of ['q=om', 'locale=xx&q=om', `locale=sv&q=${'a'.repeat(101)}`, 'locale=sv&limit=0', 'locale=sv&limit=many']) {
      const r = await search(q);
      expect(r.status, q).toBe(400);
      expect(JSON.parse(r.body), q).toMatchObject({ error: { code: 'invalid_request' } });
    }
  });

  it('is only on the admin host', async () => {
    const r = await request(raw('/backoffice/content/api/link-targets?locale=sv', 'sv'), { headers: { cookie: editor.cookie } });
    expect(r.status).toBe(404);
    expect((await boGet('/content/api/link-targets?locale=sv', editor.cookie)).status).toBe(200);
  });
});

describe('resolveLinkRef', () => {
  it('gives a product, category and brand their path in another storefront', async () => {
    expect(await resolveLinkRef(h.db, 'fi', `product:${product.sku}`)).toBe(pathFor('product', 'fi', { slug: fiProduct.slug }));
    const fiCategory = flattenCategories(await loadCategoryTree(h.db, 'fi'))[0]!;
    expect(await resolveLinkRef(h.db, 'fi', `category:${fiCategory.id}`)).toBe(fiCategory.uri);
    const brand = await h.db.selectFrom('brands').select('slug').executeTakeFirstOrThrow();
    expect(await resolveLinkRef(h.db, 'nl', `brand:${brand.slug}`)).toBe(pathFor('brand-slug', 'nl', { slug: brand.slug }));
  });

  it('finds a page through its translation group, else by the same slug; undefined when there is none', async () => {
    expect(await resolveLinkRef(h.db, 'fi', 'page:about-us')).toBe('/meista');
    expect(await resolveLinkRef(h.db, 'da', 'page:returns')).toBe('/kundeservice/retur');
    expect(await resolveLinkRef(h.db, 'no', 'page:om-oss')).toBe('/om-oss');
    expect(await resolveLinkRef(h.db, 'fi', 'page:om-oss')).toBeUndefined();
    expect(await resolveLinkRef(h.db, 'fi', 'product:NO-SUCH-SKU')).toBeUndefined();
    expect(await resolveLinkRef(h.db, 'fi', 'nonsense')).toBeUndefined();
  });
});

describe('the page preview in the studio', () => {
  it('may be framed by exactly the back office origin, without X-Frame-Options; other pages keep DENY', async () => {
    const preview = await request(raw('/page-preview?draft=x&exp=1&sig=y', 'sv'));
    expect(preview.status).toBe(403); // no valid signature: the refusal page, framed the same way
    expect(preview.headers['x-frame-options']).toBeUndefined();
    expect(preview.headers['content-security-policy']).toContain(`frame-ancestors http://admin.localhost:${port};`);
    const other = await request(raw('/my-account', 'sv'));
    expect(other.headers['x-frame-options']).toBe('DENY');
    expect(other.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
