/**
 * The sitemap's product chunks and pages read by SQL (docs/product/routes.md#robotstxt-and-sitemap), on a demo
 * catalogue in SQLite, and PostgreSQL when TEST_DATABASE_URL is set: chunks of at most the chunk size, every product
 * a storefront sells in exactly one chunk, its slugs in every storefront for the alternates, replaced products no
 * longer sold left out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/connection.ts';
import { ENGINES } from '#tests/unit/server/backoffice/backoffice-db.ts';
import { writeCatalogue } from '#server/catalogue/write-catalogue.ts';
import { generateDemoCatalogue } from '#server/seed/demo-generator.ts';
import { modelChunks, modelsInRange, otherSitemapPages, productChunks, productsInRange } from '#server/catalogue/sitemap-rows.ts';
import { redirectedProductIds } from '#server/catalogue/part-numbers.ts';
import { LOCALE_CODES, type LocaleCode } from '#lib/market/locales.ts';

const CHUNK = 7;

for (const engine of ENGINES) {
  describe(`sitemap rows on ${engine.name}`, () => {
    let db: Db;
    let redirected: Set<number>;
    /** a replaced product still orderable: it keeps its page */
    let replacedButSold: number;

    /** The storefront's products as its pages are: translated and priced there. */
    async function pageProductIds(locale: LocaleCode): Promise<number[]> {
      const rows = await db
        .selectFrom('products as p')
        .innerJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', locale))
        .innerJoin('product_prices as pr', (j) => j.onRef('pr.product_id', '=', 'p.id').on('pr.locale', '=', locale))
        .select('p.id')
        .orderBy('p.id')
        .execute();
      return rows.map((r) => r.id);
    }

    let close: () => Promise<void>;

    beforeAll(async () => {
      ({ db, close } = await engine.open());
      await writeCatalogue(db, generateDemoCatalogue({ products: 90, now: new Date('2026-11-24T00:00:00Z') }));
      // one product replaced and no longer sold, one replaced and still sold, whatever the demo has
      const [gone, kept, successor] = (await pageProductIds('sv')).slice(10, 13);
      await db.deleteFrom('product_supersessions').where('product_id', 'in', [gone, kept]).execute();
      await db
        .insertInto('product_supersessions')
        .values([
          { product_id: gone, replaced_by: successor },
          { product_id: kept, replaced_by: successor },
        ])
        .execute();
      await db.updateTable('products').set({ orderable: 0 }).where('id', '=', gone).execute();
      await db.updateTable('products').set({ orderable: 1 }).where('id', '=', kept).execute();
      replacedButSold = kept;
      redirected = await redirectedProductIds(db);
      expect(redirected.has(gone)).toBe(true);
    });
    afterAll(() => close());

    it.each(LOCALE_CODES)('%s: chunks of at most the chunk size hold every product it sells once, in id order', async (locale) => {
      const expected = (await pageProductIds(locale)).filter((id) => !redirected.has(id));
      const chunks = await productChunks(db, locale, CHUNK);
      expect(chunks.map((c) => c.chunk)).toEqual(chunks.map((_, i) => i + 1));
      expect(chunks.length).toBe(Math.ceil(expected.length / CHUNK));
      const seen: number[] = [];
      for (const c of chunks) {
        const products = await productsInRange(db, locale, c.firstId, c.lastId);
        expect(products.length).toBe(c.count);
        expect(c.count).toBeLessThanOrEqual(CHUNK);
        expect(c.lastmod).toBe(
          products
            .map((p) => p.updated_at.slice(0, 10))
            .sort()
            .at(-1),
        );
        seen.push(...products.map((p) => p.id));
      }
      expect(seen).toEqual(expected);
      expect(chunks.slice(0, -1).every((c) => c.count === CHUNK)).toBe(true);
      for (const id of redirected) expect(seen).not.toContain(id);
      if ((await pageProductIds(locale)).includes(replacedButSold)) expect(seen).toContain(replacedButSold);
    });

    it('gives each product its slug in every storefront that has it (the hreflang alternates)', async () => {
      const [first] = await productChunks(db, 'fi', CHUNK);
      const products = await productsInRange(db, 'fi', first.firstId, first.lastId);
      for (const p of products) {
        const rows = await db.selectFrom('product_translations').where('product_id', '=', p.id).select(['locale', 'slug']).execute();
        expect(p.slugs).toEqual(Object.fromEntries(rows.map((r) => [r.locale, r.slug])));
      }
    });

    it('lists categories, brands and tags the storefront has', async () => {
      const pages = await otherSitemapPages(db, 'da');
      const categories = await db.selectFrom('category_translations').where('locale', '=', 'da').select('category_id').execute();
      expect(pages.categories).toHaveLength(categories.length);
      expect(pages.categories.every((c) => c.da)).toBe(true);
      const ids = await pageProductIds('da');
      const brands = await db
        .selectFrom('brands as b')
        .innerJoin('products as p', 'p.brand_id', 'b.id')
        .where('p.id', 'in', ids)
        .select('b.slug')
        .distinct()
        .execute();
      expect([...pages.brandSlugs].sort()).toEqual(brands.map((b) => b.slug).sort());
      const tags = await db.selectFrom('product_tags').where('product_id', 'in', ids).select('tag_id').distinct().execute();
      expect(pages.tags).toHaveLength(tags.length);
      expect(pages.tags.every((t) => t.da)).toBe(true);
    });

    it('cuts every model page whose category the storefront has into chunks, with its alternates', async () => {
      for (const locale of ['sv', 'nl'] as const) {
        const expected = await db
          .selectFrom('appliance_models as m')
          .innerJoin('category_translations as ct', (j) => j.onRef('ct.category_id', '=', 'm.category_id').on('ct.locale', '=', locale))
          .select('m.slug')
          .orderBy('m.id')
          .execute();
        expect(expected.length).toBeGreaterThan(CHUNK);
        const chunks = await modelChunks(db, locale, CHUNK);
        expect(chunks.length).toBe(Math.ceil(expected.length / CHUNK));
        const seen = [];
        for (const c of chunks) {
          const models = await modelsInRange(db, locale, c.firstId, c.lastId);
          expect(models.length).toBe(c.count);
          expect(c.count).toBeLessThanOrEqual(CHUNK);
          seen.push(...models);
        }
        expect(seen.map((m) => m[locale])).toEqual(expected.map((m) => m.slug));
        expect(seen.every((m) => Object.values(m).every((slug) => slug === m[locale]))).toBe(true);
      }
    });
  });
}
