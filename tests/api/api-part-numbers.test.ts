/**
 * Part numbers that stay findable (docs/product/parts-finder.md#part-numbers) against the real server: an OEM number,
 * cross-reference, replaced number or a superseded product's sku finds the part sold now first; a replaced product
 * no longer sold answers 301 to the end of its chain, one still sold shows a notice; pages list the numbers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '#tests/support/http.ts';
import { api, openTestDb, productsOf, raw, type TestProduct } from './api-support.ts';
import type { DbHandle } from '#server/db/connection.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { currentProduct } from '#lib/catalogue/part-number-lookup.ts';
import { productNumbers, supersessionMap, type ProductNumber } from '#server/catalogue/appliance-models.ts';
import type { ProductSearchResult } from '#lib/api/catalogue-contracts.ts';

let h: DbHandle;
let sv: TestProduct[];
let byId: Map<number, TestProduct>;
let replacedBy: Map<number, number>;
let numbers: Map<number, ProductNumber[]>;
beforeAll(async () => {
  h = openTestDb();
  sv = await productsOf(h, 'sv');
  byId = new Map(sv.map((p) => [p.id, p]));
  replacedBy = await supersessionMap(h.db);
  numbers = await productNumbers(
    h.db,
    sv.map((p) => p.id),
  );
});
afterAll(async () => {
  await h.db.destroy();
});

const search = async (q: string, locale: 'sv' | 'nl' = 'sv'): Promise<ProductSearchResult[]> => {
  const r = await request(api('/api/products', locale, `&query=${encodeURIComponent(q)}&limit=10`));
  expect(r.status).toBe(200);
  return r.json<{ products: ProductSearchResult[] }>().products;
};
const numberOf = (id: number, kind: ProductNumber['kind']) => numbers.get(id)?.find((n) => n.kind === kind);
/** Replaced, with an OEM number, and sold (or not). */
const replaced = (orderable: boolean) =>
  sv.find(
    (p) => replacedBy.has(p.id) && !!p.orderable === orderable && numberOf(p.id, 'oem') && currentProduct(p.id, replacedBy) !== p.id,
  )!;

describe('search by part number', () => {
  it('an old product’s OEM number and its sku find the part sold now first, saying what it replaces', async () => {
    const old = replaced(false);
    expect(old, 'the demo has replaced, unsold products').toBeDefined();
    const current = byId.get(currentProduct(old.id, replacedBy))!;
    const oem = numberOf(old.id, 'oem')!;
    const [first] = await search(oem.number);
    expect(first).toMatchObject({ sku: current.sku, replaces: oem.number, matched_number: { kind: 'replaces', number: oem.number } });
    const bySku = await search(old.sku);
    expect(bySku[0]).toMatchObject({ sku: current.sku, matched_number: { kind: 'replaces', number: old.sku } });
    // the unsold old part is not offered before its successor
    expect(bySku.findIndex((p) => p.sku === old.sku)).not.toBe(0);
  });

  it('an OEM number and a cross-reference find their own part; spaces, dashes and case do not matter', async () => {
    const own = sv.find((p) => !replacedBy.has(p.id) && numberOf(p.id, 'cross'))!;
    const oem = numberOf(own.id, 'oem')!;
    const cross = numberOf(own.id, 'cross')!;
    expect((await search(oem.number))[0]).toMatchObject({
      sku: own.sku,
      matched_number: { kind: 'oem', number: oem.number, maker: oem.maker },
    });
    expect((await search(cross.number))[0]).toMatchObject({
      sku: own.sku,
      matched_number: { kind: 'cross', number: cross.number, maker: cross.maker },
    });
    const spaced = oem.normalized.replace(/(.{3})(?=.)/g, '$1 ').toLowerCase();
    expect((await search(spaced))[0]?.sku).toBe(own.sku);
    const dashed = oem.normalized.replace(/(.{4})(?=.)/g, '$1-');
    expect((await search(dashed))[0]?.sku).toBe(own.sku);
  });

  it('a replaced part still sold comes right after its successor, naming it (replaced_by)', async () => {
    const old = replaced(true);
    expect(old, 'the test catalogue has replaced parts still sold').toBeDefined();
    const current = byId.get(currentProduct(old.id, replacedBy))!;
    const hits = await search(numberOf(old.id, 'oem')!.number);
    expect(hits.slice(0, 2).map((p) => p.sku)).toEqual([current.sku, old.sku]);
    expect(hits[1].replaced_by).toEqual({ sku: current.sku, name: current.name, slug: current.slug });
  });

  it('works in every storefront (nl) and the results page says "ersätter"', async () => {
    const old = replaced(false);
    const current = byId.get(currentProduct(old.id, replacedBy))!;
    const oem = numberOf(old.id, 'oem')!;
    expect((await search(oem.number, 'nl'))[0]).toMatchObject({ sku: current.sku, replaces: oem.number });
    const page = await request(raw(`${pathFor('searchresults', 'sv')}?q=${encodeURIComponent(oem.number)}`));
    expect(page.status).toBe(200);
    const firstCard = /data-testid="product-card" data-sku="([^"]+)"[\s\S]*?<\/li>/.exec(page.body)!;
    expect(firstCard[1]).toBe(current.sku);
    expect(firstCard[0]).toContain(`ersätter ${oem.number}`);
  });
});

describe('product pages of replaced parts', () => {
  it('a replaced part no longer sold answers 301 to the end of its chain, in the same storefront', async () => {
    const old = replaced(false);
    for (const locale of ['sv', 'nl'] as const) {
      const own = (await productsOf(h, locale)).find((p) => p.id === old.id)!;
      const current = (await productsOf(h, locale)).find((p) => p.id === currentProduct(old.id, replacedBy))!;
      const r = await request(raw(pathFor('product', locale, { slug: own.slug }), locale));
      expect(r.status).toBe(301);
      expect(r.headers.location).toBe(pathFor('product', locale, { slug: current.slug }));
      const landed = await request(raw(r.headers.location as string, locale));
      expect(landed.status).toBe(200);
    }
  });

  it('lists the part’s numbers; the successor’s page lists the number it replaces only through the search', async () => {
    const own = sv.find((p) => !replacedBy.has(p.id) && numberOf(p.id, 'cross'))!;
    const r = await request(raw(pathFor('product', 'sv', { slug: own.slug })));
    expect(r.status).toBe(200);
    const block = /<section[^>]*data-testid="product-numbers"[\s\S]*?<\/section>/.exec(r.body)![0];
    expect(block).toContain('Artikelnummer');
    expect(block).toContain(numberOf(own.id, 'oem')!.number);
    const cross = numberOf(own.id, 'cross')!;
    expect(block).toContain(`${cross.maker} ${cross.number}`);
    expect(r.body).not.toContain('data-testid="superseded-notice"');
  });

  it('a replaced part still sold keeps its page with an "Ersatt av" notice linking the successor', async () => {
    const old = replaced(true);
    expect(old).toBeDefined();
    const current = byId.get(currentProduct(old.id, replacedBy))!;
    const r = await request(raw(pathFor('product', 'sv', { slug: old.slug })));
    expect(r.status).toBe(200);
    expect(r.body).toMatch(
      new RegExp(`data-testid="superseded-notice"[^>]*>\\s*Ersatt av <a href="${pathFor('product', 'sv', { slug: current.slug })}">`),
    );
  });
});
