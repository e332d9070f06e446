/** Catalogue and content endpoints of docs/product/api.md against the real server on the engine under test. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, request } from '#tests/support/http.ts';
import { api, openTestDb, productsOf } from './api-support.ts';
import type { DbHandle } from '#server/db/connection.ts';
import { productSearchResultSchema } from '#lib/api/catalogue-contracts.ts';
import { dealSchema, WIDGET_SLUGS } from '#lib/api/content-contracts.ts';
import { tokenize } from '#lib/search/tokenize.ts';
import sv from '#locales/sv.json' with { type: 'json' };

let h: DbHandle;
beforeAll(() => {
  h = openTestDb();
});
afterAll(async () => {
  await h.db.destroy();
});

const searchKeys = Object.keys(productSearchResultSchema.shape).sort();

/** Every product's searchable text (name, sku, brand, categories) by sku, as the catalogue wrote it. */
async function searchTexts(locale: string): Promise<Map<string, string>> {
  const rows = await h.db
    .selectFrom('product_translations as t')
    .innerJoin('products as p', 'p.id', 't.product_id')
    .select(['p.sku', 't.search_text'])
    .where('t.locale', '=', locale)
    .execute();
  return new Map(rows.map((r) => [r.sku, r.search_text]));
}

/** Products with a word starting with the query: search must find at least these (docs/product/search.md#ranking). */
async function prefixMatches(locale: string, word: string): Promise<number> {
  return [...(await searchTexts(locale)).values()].filter((text) => tokenize(text).some((t) => t.startsWith(word))).length;
}

describe('GET /api/products', () => {
  it('finds every product with a word starting with the query, and compounds holding it, ranked, with x-be-records = total', async () => {
    const r = await request(api('/api/products', 'sv', '&query=filt&limit=100'));
    expect(r.status).toBe(200);
    const total = Number(r.headers['x-be-records']);
    expect(total).toBeGreaterThanOrEqual(await prefixMatches('sv', 'filt'));
    expect(total).toBeGreaterThan(0);
    const { products, categories } = r.json();
    expect(products.length).toBe(Math.min(100, total));
    expect(Object.keys(products[0]).sort()).toEqual(searchKeys);
    expect(categories).toEqual([]);
    // Four letters allow no typo: every product found holds "filt" in some word (filter, kolfilter …).
    const texts = await searchTexts('sv');
    for (const p of products as { sku: string }[]) expect(texts.get(p.sku)).toContain('filt');
    const scores = products.map((p: { score: number }) => p.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('searches in the storefront language', async () => {
    const fiWord = tokenize((await productsOf(h, 'fi'))[0].name)[0];
    const r = await request(api('/api/products', 'fi', `&query=${encodeURIComponent(fiWord)}`));
    expect(Number(r.headers['x-be-records'])).toBeGreaterThanOrEqual(await prefixMatches('fi', fiWord));
    expect(r.json().products[0].url_fragment).toMatch(/^[a-z0-9-]+$/);
  });

  it('forgives a typo, missing diacritics and a compound (sv)', async () => {
    const total = async (q: string) =>
      Number((await request(api('/api/products', 'sv', `&query=${encodeURIComponent(q)}`))).headers['x-be-records']);
    const exact = await total('gräsklippare');
    expect(exact).toBeGreaterThan(0);
    expect(await total('grasklippare')).toBe(exact);
    expect(await total('gräsklipare')).toBeGreaterThanOrEqual(exact);
    expect(await total('dammsugre')).toBeGreaterThanOrEqual(await total('dammsugare'));
    expect(await total('dammsugare')).toBeGreaterThan(0);
    expect(await total('dammsugarfilter')).toBeGreaterThan(0);
  });

  it('puts the product with an exact sku first', async () => {
    const p = (await productsOf(h, 'sv'))[41];
    const r = await request(api('/api/products', 'sv', `&query=${encodeURIComponent(p.sku)}`));
    expect(r.json().products[0].sku).toBe(p.sku);
  });

  it('pages with limit/offset and page, without overlap', async () => {
    const get = async (q: string) =>
      (await request(api('/api/products', 'sv', `&query=filt${q}`))).json().products.map((p: { sku: string }) => p.sku);
    const first = await get('&limit=5&offset=0');
    const second = await get('&limit=5&offset=5');
    expect(first).toHaveLength(5);
    expect(second.filter((s: string) => first.includes(s))).toEqual([]);
    expect(await get('&limit=5&page=2')).toEqual(second);
  });

  it('nc=true adds the categories of the matches; co=true adds their counts', async () => {
    const r = await request(api('/api/products', 'sv', '&query=filt&nc=true&co=true&limit=1'));
    const { categories } = r.json();
    expect(categories.length).toBeGreaterThan(0);
    expect(categories[0]).toMatchObject({
      id: expect.any(Number),
      name: expect.any(String),
      uri: expect.stringMatching(/^\/kategori\//),
      count: expect.any(Number),
    });
    const sum = categories.reduce((s: number, c: { count: number }) => s + c.count, 0);
    expect(sum).toBeLessThanOrEqual(Number(r.headers['x-be-records']));
    const noCounts = (await request(api('/api/products', 'sv', '&query=filt&nc=true'))).json();
    expect(noCounts.categories[0].count).toBeUndefined();
  });

  it('answers no match with an empty list and x-be-records 0', async () => {
    const r = await request(api('/api/products', 'sv', '&query=qqxxzz'));
    expect(r.status).toBe(200);
    expect(r.headers['x-be-records']).toBe('0');
    expect(r.json().products).toEqual([]);
  });
});

describe('GET /api/current-deal', () => {
  it('answers the running deal, and 204 when none runs', async () => {
    const r = await request(api('/api/current-deal'));
    expect(r.status).toBe(200);
    const deal = dealSchema.parse(r.json());
    const now = new Date().toISOString();
    expect(deal.starts_at <= now && now < deal.expires_at).toBe(true);
    const rows = await h.db.selectFrom('deals').selectAll().where('locale', '=', 'da').execute();
    await h.db.updateTable('deals').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('locale', '=', 'da').execute();
    try {
      const none = await request(api('/api/current-deal', 'da'));
      expect(none.status).toBe(204);
      expect(none.body).toBe('');
    } finally {
      for (const d of rows) await h.db.updateTable('deals').set({ expires_at: d.expires_at }).where('id', '=', d.id).execute();
    }
  });
});

describe('GET /api/widget-by-slug/{slug}', () => {
  it.each(WIDGET_SLUGS)('%s answers content and hidden', async (slug) => {
    const r = await request(api(`/api/widget-by-slug/${slug}`, 'no'));
    expect(r.status).toBe(200);
    expect(r.json()).toEqual({ content: expect.any(String), hidden: false });
  });

  it('answers an unknown slug with 404 JSON', async () => {
    const r = await request(api('/api/widget-by-slug/not-a-widget'));
    expect(r.status).toBe(404);
    expect(r.json().error.code).toBe('unknown_widget');
  });

  it('sanitizes editor HTML on the server', async () => {
    const before = await h.db
      .selectFrom('widgets')
      .select('content')
      .where('slug', '=', 'cart-footer')
      .where('locale', '=', 'nl')
      .executeTakeFirstOrThrow();
    await h.db
      .updateTable('widgets')
      .set({
        content: '<p onclick="steal()">Hi</p><script>alert(1)</script><a href="javascript:alert(2)">x</a><img src=x onerror=alert(3)>',
      })
      .where('slug', '=', 'cart-footer')
      .where('locale', '=', 'nl')
      .execute();
    try {
      const { content } = (await request(api('/api/widget-by-slug/cart-footer', 'nl'))).json();
      expect(content).toContain('Hi');
      expect(content).not.toMatch(/script|onclick|onerror|javascript:/i);
    } finally {
      await h.db
        .updateTable('widgets')
        .set({ content: before.content })
        .where('slug', '=', 'cart-footer')
        .where('locale', '=', 'nl')
        .execute();
    }
  });
});

describe('categories, triggers, strings', () => {
  it('GET /api/product-categories?v=2 answers the tree with documented fields', async () => {
    const r = await request(api('/api/product-categories', 'fi', '&v=2'));
    expect(r.status).toBe(200);
    const tree = r.json();
    const roots = await h.db.selectFrom('categories').select('id').where('parent_id', 'is', null).execute();
    expect(tree.map((c: { id: number }) => c.id).sort()).toEqual(roots.map((c) => c.id).sort());
    expect(Object.keys(tree[0]).sort()).toEqual([
      'children',
      'hierarchy',
      'id',
      'name',
      'parent_id',
      'show_in_main_menu',
      'show_in_menu',
      'slug',
      'thumb',
      'uri',
    ]);
    expect(tree[0].children[0].uri).toMatch(/^\/kategoria\//);
  });

  it('POST /api/category-children maps each category to its children holding the products', async () => {
    const link = await h.db
      .selectFrom('product_categories as pc')
      .innerJoin('categories as c', 'c.id', 'pc.category_id')
      .select(['pc.product_id', 'c.id', 'c.parent_id'])
      .where('pc.main', '=', 1)
      .where('c.parent_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const r = await postJson(api('/api/category-children'), { productIDs: [link.product_id], Categories: [link.parent_id, 999_999] });
    expect(r.status).toBe(200);
    const map = r.json();
    expect(map[String(link.parent_id)].map((c: { id: number }) => c.id)).toEqual([link.id]);
    expect(map['999999']).toBeUndefined();
  });

  it('GET /api/search-triggers matches keywords', async () => {
    const r = await request(api('/api/search-triggers', 'sv', '&query=returer'));
    expect(r.json()).toEqual([{ id: expect.any(Number), hint: 'Returer', url: '/kundservice/retur', url_title: 'Returer' }]);
    expect((await request(api('/api/search-triggers', 'sv', '&query=pump'))).json()).toEqual([]);
  });

  it('GET /api/strings merges the strings table over the JSON file', async () => {
    const plain = await request(api('/api/strings'));
    expect(plain.json()).toEqual(sv);
    await h.db.insertInto('strings').values({ locale: 'sv', key: 'layout.cart', value: 'Kundvagn' }).execute();
    try {
      const merged = (await request(api('/api/strings'))).json();
      expect(merged.layout.cart).toBe('Kundvagn');
      expect(merged.layout.search).toBe(sv.layout.search);
    } finally {
      await h.db.deleteFrom('strings').where('locale', '=', 'sv').where('key', '=', 'layout.cart').execute();
    }
  });
});
