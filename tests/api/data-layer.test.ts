/** The repository code on the engine under test (embedded SQLite, or PostgreSQL when DATABASE_URL says so). */
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { sql } from 'kysely';
import { openDb, type DbHandle } from '#server/db/connection.ts';
import { dbConfigFromEnv } from '#server/db/config.ts';
import { migrate } from '#server/db/migrate.ts';
import { writeCatalogue } from '#server/catalogue/write-catalogue.ts';
import { generateDemoCatalogue } from '#server/seed/demo-generator.ts';
import { flattenCategories, loadCategoryTree } from '#server/catalogue/category-repository.ts';
import { cartProductsBySku } from '#server/cart/cart-products.ts';
import { LOCALE_CODES } from '#lib/market/locales.ts';
import { resetDatabase } from '#tests/support/prepare.ts';

let handle: DbHandle;
const url = inject('databaseUrl');

beforeAll(() => {
  handle = openDb(dbConfigFromEnv({ DATABASE_URL: url }));
});
afterAll(async () => {
  await handle.db.destroy();
  await resetDatabase(url); // leave the standard test catalogue for the suites after this one
});

const count = async (table: 'products' | 'product_translations' | 'product_prices') =>
  Number(
    (
      await handle.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe(`data layer on ${url.split(':')[0]}`, () => {
  it('migrations are recorded and idempotent', async () => {
    expect(await migrate(handle.db)).toEqual([]);
    const versions = await handle.db.selectFrom('schema_migrations').select('version').execute();
    expect(versions.map((v) => v.version)).toContain('0001_catalogue');
  });

  it('writes a catalogue with translations and prices for every locale', async () => {
    const summary = await writeCatalogue(handle.db, generateDemoCatalogue({ products: 40, now: new Date() }));
    expect(summary.products).toBe(40);
    expect(await count('products')).toBe(40);
    expect(await count('product_translations')).toBe(200);
    expect(await count('product_prices')).toBe(200);
  });

  it('builds the category tree three levels deep per locale with localized uris', async () => {
    for (const locale of LOCALE_CODES) {
      const tree = await loadCategoryTree(handle.db, locale);
      const leaf = flattenCategories(tree).find((c) => c.hierarchy.length === 3)!;
      expect(leaf.path).toHaveLength(3);
      expect(leaf.uri).toBe(`${locale === 'fi' ? '/kategoria' : locale === 'nl' ? '/categorie' : '/kategori'}/${leaf.path.join('/')}`);
      expect(tree.every((c) => c.parent_id === null)).toBe(true);
    }
  });

  it('reads products of one storefront by sku with parsed price objects, thumbs and main category first', async () => {
    const skus = (await handle.db.selectFrom('products').select('sku').orderBy('id').limit(5).execute()).map((r) => r.sku);
    const facts = await cartProductsBySku(handle.db, 'fi', [...skus, 'NO-SUCH-SKU']);
    expect([...facts.keys()].sort()).toEqual([...skus].sort());
    for (const sku of skus) {
      const p = facts.get(sku)!;
      expect(p.prices.n[0]).toEqual({ q: 1, p: expect.any(Number) });
      expect(p.name).toBe(
        (
          await handle.db
            .selectFrom('product_translations')
            .select('name')
            .where('product_id', '=', p.product_id)
            .where('locale', '=', 'fi')
            .executeTakeFirstOrThrow()
        ).name,
      );
      const main = await handle.db
        .selectFrom('product_categories')
        .select('category_id')
        .where('product_id', '=', p.product_id)
        .where('main', '=', 1)
        .executeTakeFirstOrThrow();
      expect(p.categories[0]).toBe(main.category_id);
    }
    expect([...facts.values()].some((p) => p.thumb !== null)).toBe(true);
  });

  it('a bad import changes nothing', async () => {
    const good = generateDemoCatalogue({ products: 10, now: new Date() });
    const bad = { ...good, products: good.products.map((p, i) => (i === 5 ? { ...p, stock_status: 'teleported' } : p)) };
    await expect(writeCatalogue(handle.db, bad as never)).rejects.toThrow();
    expect(await count('products')).toBe(40);
    // a constraint violation inside the transaction rolls back too
    const dup = { ...good, products: [...good.products, { ...good.products[0], id: 999 }] };
    await expect(writeCatalogue(handle.db, dup)).rejects.toThrow();
    expect(await count('products')).toBe(40);
  });

  it('parameterizes values: injection strings are data', async () => {
    const evil = "x'; DROP TABLE products; --";
    const rows = await handle.db.selectFrom('product_translations').select('name').where('name', '=', evil).execute();
    expect(rows).toEqual([]);
    expect(await count('products')).toBe(40);
    const r = await sql<{ v: string }>`SELECT ${evil} AS v`.execute(handle.db);
    expect(r.rows[0].v).toBe(evil);
  });
});
