/**
 * The product-row reader (src/server/catalogue/product-rows.ts) on a small catalogue in SQLite: the rows and parts
 * it answers, by id and by sku, and one query per table whatever the number of products (no query per product).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import { openDb, type Db } from '#server/db/connection.ts';
import { migrate } from '#server/db/migrate.ts';
import { writeCatalogue } from '#server/catalogue/write-catalogue.ts';
import type { CatalogueInput } from '#server/catalogue/catalogue-schema.ts';
import { ImageType } from '#lib/catalogue/types.ts';
import { mainCategoryFirst, productLinks, productRows } from '#server/catalogue/product-rows.ts';

let db: Db;
let counted: Db;
let queries = 0;
const counter: KyselyPlugin = {
  transformQuery: (args) => {
    queries++;
    return args.node;
  },
  transformResult: async (args) => args.result,
};

const image = (type: number, sort_order: number, url: string) => ({ type, sort_order, url, width: 160, height: 120 });
// every product for sale carries complete safety information (the import refuses it otherwise, docs/product/legal.md)
const safety = {
  manufacturer: {
    name: 'Tillverkare AB',
    address: { street: 'Gatan 1', postal_code: '111 11', city: 'Stockholm', country: 'SE' },
    email: 'a@b.example',
  },
  warnings: { sv: 'Varning', fi: 'Varoitus' },
};
const sold = (name: string) => ({
  translations: { sv: { name, slug: name.toLowerCase() } },
  prices: { sv: { prices: { n: [{ q: 1, p: 100 }] }, vat: 25 } },
  safety,
});
const catalogue: CatalogueInput = {
  categories: [1, 2, 3].map((id) => ({ id, parent_id: null, translations: { sv: { name: `Kategori ${id}`, slug: `kategori-${id}` } } })),
  brands: [],
  tags: [1, 2].map((id) => ({ id, translations: { sv: { name: `Tagg ${id}`, slug: `tagg-${id}` } } })),
  products: [
    {
      // the main category is not the lowest id; two thumbs, stored out of order
      id: 11,
      sku: 'A-11',
      brand_id: null,
      stock_status: 'in-stock',
      categories: [
        { id: 3, main: true },
        { id: 2, main: false },
      ],
      tags: [2, 1],
      images: [image(ImageType.Thumb, 2, '/t-late.svg'), image(ImageType.Featured, 0, '/f.svg'), image(ImageType.Thumb, 1, '/t-first.svg')],
      ...sold('Alfa'),
    },
    { id: 12, sku: 'B-12', brand_id: null, stock_status: 'in-stock', categories: [{ id: 1, main: true }], ...sold('Beta') },
    // not sold in sv
    {
      id: 13,
      sku: 'C-13',
      brand_id: null,
      stock_status: 'in-stock',
      categories: [{ id: 1, main: true }],
      translations: { fi: { name: 'Gamma', slug: 'gamma' } },
      prices: { fi: { prices: { n: [{ q: 1, p: 100 }] }, vat: 24 } },
      safety,
    },
  ],
};

const ALFA = {
  categories: [
    { category_id: 2, main: false },
    { category_id: 3, main: true },
  ],
  thumb: { url: '/t-first.svg', width: 160, height: 120 },
  images: [image(ImageType.Featured, 0, '/f.svg'), image(ImageType.Thumb, 1, '/t-first.svg'), image(ImageType.Thumb, 2, '/t-late.svg')],
  tagIds: [1, 2],
  subscriptionMonths: [3, 6],
};
const BETA = { categories: [{ category_id: 1, main: true }], thumb: null, images: [], tagIds: [], subscriptionMonths: [] };
const EVERY_PART = { categories: true, thumbs: true, images: true, tags: true, subscriptionMonths: true };
const byId = <T extends { row: { id: number } }>(rows: T[]) => [...rows].sort((a, b) => a.row.id - b.row.id);

beforeAll(async () => {
  db = openDb({ kind: 'sqlite', file: ':memory:' }).db;
  await migrate(db);
  await writeCatalogue(db, catalogue);
  await db
    .insertInto('product_subscription_intervals')
    .values([
      { product_id: 11, months: 6 },
      { product_id: 11, months: 3 },
      { product_id: 13, months: 1 },
    ])
    .execute();
  counted = db.withPlugin(counter);
});
afterAll(async () => {
  await db.destroy();
});

describe('productRows', () => {
  it('by id: the storefront rows with the asked columns and every part, in one query per table', async () => {
    queries = 0;
    const rows = await productRows(counted, 'sv', { ids: [11, 12, 13, 999] }, ['p.id', 'p.sku', 't.name'], EVERY_PART);
    expect(queries).toBe(6);
    expect(byId(rows)).toEqual([
      { row: { id: 11, sku: 'A-11', name: 'Alfa' }, links: ALFA },
      { row: { id: 12, sku: 'B-12', name: 'Beta' }, links: BETA },
    ]);
  });

  it('reads only the parts asked for; the others are empty', async () => {
    queries = 0;
    const rows = await productRows(counted, 'sv', { ids: [11] }, ['p.id'], { tags: true });
    expect(queries).toBe(2);
    expect(rows).toEqual([{ row: { id: 11 }, links: { categories: [], thumb: null, images: [], tagIds: [1, 2], subscriptionMonths: [] } }]);
  });

  it('by sku: the same as by id, the parts read after the rows; nothing found reads no parts', async () => {
    queries = 0;
    const rows = await productRows(counted, 'sv', { skus: ['A-11', 'B-12', 'C-13', 'NO-SUCH'] }, ['p.id', 'p.sku', 't.name'], EVERY_PART);
    expect(queries).toBe(6);
    expect(byId(rows)).toEqual(byId(await productRows(db, 'sv', { ids: [11, 12] }, ['p.id', 'p.sku', 't.name'], EVERY_PART)));
    queries = 0;
    expect(await productRows(counted, 'sv', { skus: ['C-13'] }, ['p.id'], EVERY_PART)).toEqual([]);
    expect(queries).toBe(1);
  });

  it('reads nothing for no ids or skus', async () => {
    queries = 0;
    expect(await productRows(counted, 'sv', { ids: [] }, ['p.id'], EVERY_PART)).toEqual([]);
    expect(await productRows(counted, 'sv', { skus: [] }, ['p.id'], EVERY_PART)).toEqual([]);
    expect(queries).toBe(0);
  });
});

describe('productLinks', () => {
  it('reads each asked part of a batch in one query (the build reads its product pages this way)', async () => {
    const parts = { categories: true, thumbs: true, images: true, tags: true };
    queries = 0;
    const batch = await productLinks(counted, [11, 12, 13], parts);
    expect(queries).toBe(4);
    expect(batch.categories.get(13)).toEqual([{ category_id: 1, main: true }]);
    expect(await productLinks(counted, [], parts)).toEqual(await productLinks(db, [], {}));
    expect(queries).toBe(4);
  });
});

describe('mainCategoryFirst', () => {
  it('puts the main category first and keeps the others in their order, leaving the input as it was', () => {
    expect(mainCategoryFirst(ALFA.categories).map((c) => c.category_id)).toEqual([3, 2]);
    expect(ALFA.categories.map((c) => c.category_id)).toEqual([2, 3]);
  });
});
