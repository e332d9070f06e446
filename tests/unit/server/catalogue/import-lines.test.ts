/**
 * The streamed JSON Lines import (docs/product/catalogue.md#json-lines) on SQLite, and PostgreSQL when
 * TEST_DATABASE_URL is set: the same rows as the JSON document, all or nothing with the bad line named, and a
 * delta that writes only the products that differ and records exactly those in the change feed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Db } from '#server/db/connection.ts';
import { writeCatalogue } from '#server/catalogue/write-catalogue.ts';
import { importCatalogueLines } from '#server/catalogue/import-lines.ts';
import { importBatch } from '#server/catalogue/bulk-insert.ts';
import { documentLines } from '#server/catalogue/catalogue-lines.ts';
import { changesAfter, latestChangeSeq } from '#server/catalogue/change-feed.ts';
import { generateDemoCatalogue } from '#server/seed/demo-generator.ts';
import type { CatalogueInput } from '#server/catalogue/catalogue-schema.ts';
import { ENGINES } from '#tests/unit/server/backoffice/backoffice-db.ts';
import { catalogueVersion } from '#server/search/catalogue-version.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-import-lines-'));
let files = 0;
const jsonl = (lines: Iterable<string>) => {
  const file = path.join(dir, `c${++files}.jsonl`);
  fs.writeFileSync(file, [...lines].join('\n') + '\n');
  return file;
};
const productLine = (p: unknown) => JSON.stringify({ product: p });

const doc = generateDemoCatalogue({ products: 40, seed: 11 });
type Product = CatalogueInput['products'][number];
const productAt = (i: number): Product => structuredClone(doc.products[i]!);

/** Every catalogue table's rows as sorted JSON, without write times. */
const TABLES = [
  'categories',
  'category_translations',
  'brands',
  'tags',
  'tag_translations',
  'products',
  'product_translations',
  'product_prices',
  'product_categories',
  'product_tags',
  'product_images',
  'product_numbers',
  'product_supersessions',
  'product_accessories',
  'upsell_bundles',
  'upsell_bundle_lines',
  'appliance_models',
  'appliance_model_aliases',
  'model_diagrams',
  'model_parts',
  'diagrams',
  'deals',
  'content_pages',
  'widgets',
  'search_triggers',
  'coupons',
] as const;
async function snapshot(db: Db): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of TABLES) {
    const rows = (await db
      .selectFrom(table as 'products')
      .selectAll()
      .execute()) as Record<string, unknown>[];
    out[table] = rows.map(({ updated_at: _, ...r }) => JSON.stringify(r)).sort();
  }
  return out;
}
/** SQLite: the stored statement of the unique slug index of product translations. */
const slugIndex = async (db: Db) =>
  (await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE name = 'product_translations_slug'`.execute(db)).rows[0]?.sql;
const count = async (db: Db, table: 'products' | 'price_history' | 'catalogue_changes') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

for (const engine of ENGINES) {
  describe(`JSON Lines import on ${engine.name}`, () => {
    let db: Db;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ db, close } = await engine.open());
    });
    afterAll(async () => {
      await close?.(); // absent when the engine did not open
    });

    it('writes the same rows as the JSON document', async () => {
      await writeCatalogue(db, doc);
      const fromJson = await snapshot(db);
      const summary = await importCatalogueLines(db, jsonl(documentLines(doc)));
      expect(summary).toMatchObject({ products: 40, categories: doc.categories.length, models: doc.models?.length });
      expect(await snapshot(db)).toEqual(fromJson);
      if (engine.name === 'sqlite') expect(await slugIndex(db)).toMatch(/^CREATE UNIQUE INDEX product_translations_slug /);
      expect(fromJson.product_numbers!.length).toBeGreaterThan(0);
      expect(fromJson.model_parts!.length).toBeGreaterThan(0);
    });

    it('a re-import of unchanged prices records no price history', async () => {
      const before = await count(db, 'price_history');
      await importCatalogueLines(db, jsonl(documentLines(doc)));
      expect(await count(db, 'price_history')).toBe(before);
    });

    it('a bad line anywhere writes nothing and is named', async () => {
      const before = await snapshot(db);
      const renamed = { ...doc, products: doc.products.map((p, i) => (i === 0 ? { ...p, sku: 'RENAMED-1' } : p)) };
      const lines = [...documentLines(renamed)];
      const last = lines.findLastIndex((l) => l.startsWith('{"product"'));
      // a second product with the first one's id, after 40 products were written in the transaction
      const dup = [...lines.slice(0, last + 1), productLine({ ...productAt(0), sku: 'OTHER' }), ...lines.slice(last + 1)];
      await expect(importCatalogueLines(db, jsonl(dup))).rejects.toThrow(
        `line ${last + 2}: products: id ${doc.products[0]!.id} used twice`,
      );
      const unknownBrand = [...lines.slice(0, last + 1), productLine({ ...productAt(1), id: 9001, sku: 'NEW', brand_id: 999 })];
      await expect(importCatalogueLines(db, jsonl(unknownBrand))).rejects.toThrow(`line ${last + 2}: products: NEW: unknown brand_id 999`);
      const brandTwice = [lines[0]!, JSON.stringify({ brand: doc.brands[0] }), JSON.stringify({ brand: doc.brands[0] })];
      await expect(importCatalogueLines(db, jsonl(brandTwice))).rejects.toThrow(`line 3: brands: id ${doc.brands[0]!.id} used twice`);
      const lateCategory = [...lines.slice(0, last + 1), lines[0]!];
      await expect(importCatalogueLines(db, jsonl(lateCategory))).rejects.toThrow(
        `line ${last + 2}: category records come before the first product`,
      );
      // a slug used twice in a storefront: the database refuses the batch, which is named by its lines
      const slugTwice = [...lines.slice(0, last + 1), productLine({ ...productAt(1), id: 9002, sku: 'NEW-2' })];
      await expect(importCatalogueLines(db, jsonl(slugTwice))).rejects.toThrow(/^line \d+: .*the database refused a product/);
      if (engine.name === 'sqlite') {
        // SQLite makes the slug index after the products (deferred-slug-index.ts): both lines named, the index kept
        const first = lines.findIndex((l) => l.startsWith('{"product"'));
        await expect(importCatalogueLines(db, jsonl(slugTwice))).rejects.toThrow(
          new RegExp(`^line ${last + 2}: \\(and line ${first + 2}\\) the database refused a product: slug \\S+ used twice in storefront`),
        );
        expect(await slugIndex(db)).toMatch(/^CREATE UNIQUE INDEX product_translations_slug ON product_translations\(locale, slug\)/);
      }
      expect(await snapshot(db)).toEqual(before);
    });

    it('a bad line read while a batch is being written writes nothing, that batch included', async () => {
      const before = await snapshot(db);
      const size = importBatch(db);
      const lines = [...documentLines(doc)];
      const first = lines.findIndex((l) => l.startsWith('{"product"'));
      const many = (n: number, name: string, firstId: number) =>
        Array.from({ length: n }, (_, i) => {
          const p = productAt(i % 40);
          const translations = Object.fromEntries(Object.entries(p.translations).map(([l, t]) => [l, { ...t!, slug: `${name}-${i}` }]));
          return productLine({ ...p, id: firstId + i, sku: `${name.toUpperCase()}-${i}`, translations, replaced_by: null });
        });
      // the bad product follows a whole batch, which is then being written
      const unknownBrand = productLine({ ...productAt(1), id: 9003, sku: 'NEW-3', brand_id: 999 });
      await expect(
        importCatalogueLines(db, jsonl([...lines.slice(0, first), ...many(size, 'bulk', 20_000), unknownBrand])),
      ).rejects.toThrow(`line ${first + size + 1}: products: NEW-3: unknown brand_id 999`);
      expect(await snapshot(db)).toEqual(before);
      // the database refuses the first batch (its last two products share a slug) while the next one is read
      const refused = many(size, 'bulk', 20_000);
      const twin = JSON.parse(refused[size - 2]!) as { product: Product };
      refused[size - 1] = productLine({ ...twin.product, id: 9004, sku: 'TWIN' });
      await expect(importCatalogueLines(db, jsonl([...lines.slice(0, first), ...refused, ...many(3, 'more', 30_000)]))).rejects.toThrow(
        /the database refused a product/,
      );
      expect(await snapshot(db)).toEqual(before);
    });

    describe('delta', () => {
      const changedPrice = productAt(1);
      changedPrice.prices = { ...changedPrice.prices, sv: { prices: { n: [{ q: 1, p: 12_345 }] }, vat: 25 } };
      const changedStock = productAt(2);
      changedStock.stock_status = changedStock.stock_status === 'discontinued' ? 'in-stock' : 'discontinued';
      const added = productAt(3);
      added.id = 10_000;
      added.sku = 'NEW-10000';
      added.replaced_by = null;
      added.translations = Object.fromEntries(Object.entries(added.translations).map(([l, t]) => [l, { ...t!, slug: `new-${l}-10000` }]));
      const delta = [productAt(0), changedPrice, changedStock, added, productAt(4)].map(productLine);
      const ids = [changedPrice.id, changedStock.id, added.id];
      const svPrice = async (id: number) =>
        (await db.selectFrom('product_prices').where('product_id', '=', id).where('locale', '=', 'sv').select('prices').executeTakeFirst())
          ?.prices;
      const history = async (id: number) =>
        (await db.selectFrom('price_history').where('product_id', '=', id).select('minor').execute()).map((r) => Number(r.minor));

      it('writes only the products that differ, keeps the absent ones, and feeds the change feed exactly those', async () => {
        await writeCatalogue(db, doc);
        const before = await snapshot(db);
        const seq = await latestChangeSeq(db);
        const untouched = await db.selectFrom('products').where('id', '=', 5).select('updated_at').executeTakeFirstOrThrow();
        const historyOfUnchanged = await history(1);
        const version = await catalogueVersion(db);
        const summary = await importCatalogueLines(db, jsonl(delta), { delta: true, changedBy: 'test' });
        expect(summary).toMatchObject({ products: 5, changed: 3, added: 1 });
        expect(await count(db, 'products')).toBe(41);
        // the running servers' listing and search indexes reload on a new catalogue version
        expect(await catalogueVersion(db)).not.toBe(version);
        const changes = await changesAfter(db, seq);
        expect(changes.flatMap((c) => c.tags).sort()).toEqual(ids.map((id) => `product:${id}`).sort());
        expect(changes.every((c) => c.reason === 'import' && c.changedBy === 'test')).toBe(true);
        expect(JSON.parse((await svPrice(changedPrice.id))!)).toEqual({ n: [{ q: 1, p: 12_345 }] });
        expect(await history(changedPrice.id)).toContain(1_234_500);
        expect(await history(1)).toEqual(historyOfUnchanged);
        expect(await db.selectFrom('products').where('id', '=', 5).select('updated_at').executeTakeFirstOrThrow()).toEqual(untouched);
        // the rows of products not written are exactly as before
        const after = await snapshot(db);
        const notOf = (rows: string[]) =>
          rows.filter((r) => !ids.some((id) => r.includes(`"product_id":${id},`) || r.startsWith(`{"id":${id},`)));
        for (const table of ['products', 'product_translations', 'product_prices', 'product_images'] as const)
          expect(notOf(after[table]!)).toEqual(notOf(before[table]!));
        expect(await db.selectFrom('product_images').where('product_id', '=', added.id).select('id').execute()).toHaveLength(
          added.images?.length ?? 0,
        );
      });

      it('the same delta again writes nothing and records no change', async () => {
        const seq = await latestChangeSeq(db);
        const before = await snapshot(db);
        const version = await catalogueVersion(db);
        expect(await importCatalogueLines(db, jsonl(delta), { delta: true })).toMatchObject({ products: 5, changed: 0, added: 0 });
        expect(await latestChangeSeq(db)).toBe(seq);
        expect(await catalogueVersion(db)).toBe(version);
        const after = await snapshot(db);
        expect(after).toEqual(before);
      });

      it('a bad line in a delta writes nothing; other records than products are refused', async () => {
        const seq = await latestChangeSeq(db);
        const cheaper = productAt(1);
        cheaper.prices = { ...cheaper.prices, sv: { prices: { n: [{ q: 1, p: 99 }] }, vat: 25 } };
        await expect(importCatalogueLines(db, jsonl([productLine(cheaper), '{"product": {"id": 1}}']), { delta: true })).rejects.toThrow(
          /^line 2: products\./,
        );
        await expect(
          importCatalogueLines(db, jsonl([productLine(cheaper), JSON.stringify({ brand: doc.brands[0] })]), { delta: true }),
        ).rejects.toThrow('line 2: a delta import carries only product records, not brand');
        const taken = { ...productAt(6), id: 20_000 };
        await expect(importCatalogueLines(db, jsonl([productLine(cheaper), productLine(taken)]), { delta: true })).rejects.toThrow(
          `line 2: products: sku ${taken.sku} belongs to the stored product ${doc.products[6]!.id}`,
        );
        expect(JSON.parse((await svPrice(cheaper.id))!)).toEqual({ n: [{ q: 1, p: 12_345 }] });
        expect(await latestChangeSeq(db)).toBe(seq);
      });
    });
  });
}
