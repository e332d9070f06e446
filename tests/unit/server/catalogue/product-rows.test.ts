/**
 * The product-row reader (src/server/catalogue/product-rows.ts) on a demo catalogue in SQLite: the rows and
 * parts it answers equal what the raw tables say, by id and by sku, and it reads one query per table whatever
 * the number of products (no query per product).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import { openDb, type Db } from '#server/db/connection.ts';
import { migrate } from '#server/db/migrate.ts';
import { writeCatalogue } from '#server/catalogue/write-catalogue.ts';
import { generateDemoCatalogue } from '#server/catalogue/demo-generator.ts';
import { ImageType } from '#lib/catalogue/types.ts';
import { mainCategoryFirst, productLinks, productRows } from '#server/catalogue/product-rows.ts';

let db: Db;
let counted: Db;
let queries = 0;
/** The sv storefront's products by id, and every product's id. */
let sold: { id: number; sku: string; name: string }[];
let everyId: number[];

const counter: KyselyPlugin = {
  transformQuery: (args) => {
    queries++;
    return args.node;
  },
  transformResult: async (args) => args.result,
};

beforeAll(async () => {
  db = openDb({ kind: 'sqlite', file: ':memory:' }).db;
  await migrate(db);
  await writeCatalogue(db, generateDemoCatalogue({ products: 120, now: new Date('2026-11-24T00:00:00Z') }));
  counted = db.withPlugin(counter);
  sold = await db
    .selectFrom('products as p')
    .innerJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', 'sv'))
    .innerJoin('product_prices as pr', (j) => j.onRef('pr.product_id', '=', 'p.id').on('pr.locale', '=', 'sv'))
    .select(['p.id', 'p.sku', 't.name'])
    .orderBy('p.id')
    .execute();
  everyId = (await db.selectFrom('products').select('id').orderBy('id').execute()).map((r) => r.id);
  await db
    .insertInto('product_subscription_intervals')
    .values([
      { product_id: sold[0].id, months: 6 },
      { product_id: sold[0].id, months: 3 },
      { product_id: sold[1].id, months: 12 },
    ])
    .execute();
});
afterAll(async () => {
  await db.destroy();
});

/** A product's parts as the raw tables hold them. */
async function reference(id: number) {
  const images = await db
    .selectFrom('product_images')
    .select(['type', 'sort_order', 'url', 'width', 'height'])
    .where('product_id', '=', id)
    .orderBy('sort_order')
    .execute();
  const thumb = images.find((i) => i.type === ImageType.Thumb);
  const categories = await db
    .selectFrom('product_categories')
    .select(['category_id', 'main'])
    .where('product_id', '=', id)
    .orderBy('category_id')
    .execute();
  const tags = await db.selectFrom('product_tags').select('tag_id').where('product_id', '=', id).orderBy('tag_id').execute();
  return {
    categories: categories.map((c) => ({ category_id: c.category_id, main: !!c.main })),
    thumb: thumb ? { url: thumb.url, width: thumb.width, height: thumb.height } : null,
    images,
    tagIds: tags.map((t) => t.tag_id),
  };
}

describe('productRows', () => {
  it('by id: the storefront rows with the asked columns and parts, as the tables hold them, in one query per table', async () => {
    const ids = [...sold.slice(0, 30).map((p) => p.id), 999_999];
    queries = 0;
    const rows = await productRows(counted, 'sv', { ids }, ['p.id', 'p.sku', 't.name'], {
      categories: true,
      thumbs: true,
      images: true,
      tags: true,
      subscriptionMonths: true,
    });
    expect(queries).toBe(6);
    expect(rows.map((r) => r.row).sort((a, b) => a.id - b.id)).toEqual(sold.slice(0, 30));
    for (const { row, links } of rows)
      expect({ ...links, subscriptionMonths: [] }).toEqual({ ...(await reference(row.id)), subscriptionMonths: [] });
    expect(rows.some((r) => r.links.images.length > 1 && r.links.thumb !== null)).toBe(true);
    expect(rows.some((r) => r.links.tagIds.length > 0)).toBe(true);
    const months = new Map(rows.map((r) => [r.row.id, r.links.subscriptionMonths]));
    expect(months.get(sold[0].id)).toEqual([3, 6]);
    expect(months.get(sold[1].id)).toEqual([12]);
    expect(months.get(sold[2].id)).toEqual([]);
  });

  it('reads only the parts asked for; the others are empty', async () => {
    queries = 0;
    const rows = await productRows(counted, 'sv', { ids: sold.map((p) => p.id) }, ['p.id', 'p.sku']);
    expect(queries).toBe(1);
    expect(rows).toHaveLength(sold.length);
    for (const { links } of rows) expect(links).toEqual({ categories: [], thumb: null, images: [], tagIds: [], subscriptionMonths: [] });
  });

  it('by sku: the same rows and parts as by id; unknown skus are left out, and nothing found reads no parts', async () => {
    const some = sold.slice(10, 25);
    const parts = { categories: true, thumbs: true, tags: true, subscriptionMonths: true };
    const byId = await productRows(db, 'sv', { ids: some.map((p) => p.id) }, ['p.id', 'p.sku', 't.name'], parts);
    queries = 0;
    const bySku = await productRows(
      counted,
      'sv',
      { skus: [...some.map((p) => p.sku), 'NO-SUCH-SKU'] },
      ['p.id', 'p.sku', 't.name'],
      parts,
    );
    expect(queries).toBe(5);
    const order = (list: typeof byId) => [...list].sort((a, b) => a.row.id - b.row.id);
    expect(order(bySku)).toEqual(order(byId));
    queries = 0;
    expect(await productRows(counted, 'sv', { skus: ['NO-SUCH-SKU'] }, ['p.id'], parts)).toEqual([]);
    expect(queries).toBe(1);
  });

  it('reads nothing for no ids or skus', async () => {
    queries = 0;
    expect(await productRows(counted, 'sv', { ids: [] }, ['p.id'], { categories: true })).toEqual([]);
    expect(await productRows(counted, 'sv', { skus: [] }, ['p.id'], { categories: true })).toEqual([]);
    expect(queries).toBe(0);
  });
});

describe('productLinks', () => {
  it("of every product equals the parts read by id (the build's catalogue and a re-rendered card agree)", async () => {
    const parts = { categories: true, thumbs: true, images: true, tags: true };
    queries = 0;
    const every = await productLinks(counted, 'every', parts);
    expect(queries).toBe(4);
    expect(every).toEqual(await productLinks(db, everyId, parts));
  });
});

describe('mainCategoryFirst', () => {
  it('puts the main category first and keeps the others in their order', () => {
    const links = [
      { category_id: 2, main: false },
      { category_id: 5, main: true },
      { category_id: 9, main: false },
    ];
    expect(mainCategoryFirst(links).map((c) => c.category_id)).toEqual([5, 2, 9]);
    expect(links[0].category_id).toBe(2); // the input is left as it was
  });
});
