/**
 * The build in bounded memory (docs/adr/0031-build-in-bounded-memory.md), on SQLite and PostgreSQL: the streamed
 * first pages agree with what the server's listing index shows for every category, brand and tag of every
 * storefront, and the product pages chosen for prerendering are the likeliest ones, in order, without the
 * products replaced and no longer sold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/connection.ts';
import { LOCALE_CODES } from '#lib/market/locales.ts';
import { EMPTY_QUERY } from '#lib/catalogue/listing-query.ts';
import { writeCatalogue } from '#server/catalogue/write-catalogue.ts';
import { generateDemoCatalogue } from '#server/seed/demo-generator.ts';
import { listingDigests } from '#server/catalogue/listing-digests.ts';
import { loadListingIndex } from '#server/catalogue/listing-index.ts';
import { firstPageView, listingView, type ListingTarget, type ListingView } from '#server/catalogue/listing-view.ts';
import { flattenCategories, loadCategoryTree } from '#server/catalogue/category-repository.ts';
import { productPagesToBuild } from '#server/catalogue/build-products.ts';
import { localizedProducts } from '#server/catalogue/localized-products.ts';
import { redirectedProductIds } from '#server/catalogue/part-numbers.ts';
import { ENGINES } from '#tests/unit/server/backoffice/backoffice-db.ts';

const doc = generateDemoCatalogue({ products: 300, seed: 5 });
const label = (a: string) => a;
/** What a first page shows (the view without its URL functions). */
const shown = (v: ListingView) => ({
  ids: v.ids,
  total: v.total,
  pages: v.pages,
  from: v.from,
  to: v.to,
  facets: v.facets,
  first: v.firstPath,
});

for (const engine of ENGINES) {
  describe(`the build's catalogue on ${engine.name}`, () => {
    let db: Db;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ db, close } = await engine.open());
      await writeCatalogue(db, doc);
    });
    afterAll(async () => {
      await close?.();
    });

    it('streams every listing first page as the listing index shows it', async () => {
      let listings = 0;
      for (const locale of LOCALE_CODES) {
        const categories = flattenCategories(await loadCategoryTree(db, locale));
        const brands = await db.selectFrom('brands').select(['id', 'slug', 'name', 'logo_url']).orderBy('name').execute();
        const [digests, source] = await Promise.all([listingDigests(db, locale, categories, brands), loadListingIndex(locale, db)]);
        const targets: [ListingTarget, number][] = [
          ...categories.map((category): [ListingTarget, number] => [{ kind: 'category', category }, category.id]),
          ...brands.map((b): [ListingTarget, number] => [{ kind: 'brand', id: b.id, slug: b.slug }, b.id]),
          ...[...source.tagBySlug.values()].map((t): [ListingTarget, number] => [{ kind: 'tag', id: t.id, slug: t.slug }, t.id]),
        ];
        for (const [target, id] of targets) {
          const served = listingView(source, target, EMPTY_QUERY, 1, label);
          const result = (target.kind === 'category' ? digests.categories : target.kind === 'brand' ? digests.brands : digests.tags).get(
            id,
          );
          if (served.total === 0) {
            expect(result).toBeUndefined();
            continue;
          }
          expect(shown(firstPageView(source, target, result!, label))).toEqual(shown(served));
          listings++;
        }
        expect(digests.categories.size).toBeGreaterThan(3);
      }
      expect(listings).toBeGreaterThan(50);
    });

    it('chooses the likeliest product pages: in stock, then orderable, then the rest, by id; none replaced and unsold', async () => {
      const redirected = await redirectedProductIds(db);
      const rows = await localizedProducts(db, 'sv').select(['p.id', 'p.stock_status', 'p.orderable']).orderBy('p.id').execute();
      const rank = (r: (typeof rows)[number]) => (r.stock_status === 'in-stock' ? 0 : r.orderable ? 1 : 2);
      const expected = rows.filter((r) => !redirected.has(r.id)).sort((a, b) => rank(a) - rank(b) || a.id - b.id);
      expect(new Set(expected.map(rank)).size).toBe(3);
      expect(redirected.size).toBeGreaterThan(0);
      const all = await productPagesToBuild('sv', 100_000, db);
      expect(all.map((r) => r.id)).toEqual(expected.map((r) => r.id));
      expect((await productPagesToBuild('sv', 25, db)).map((r) => r.id)).toEqual(expected.slice(0, 25).map((r) => r.id));
      expect(await productPagesToBuild('sv', 0, db)).toEqual([]);
    });
  });
}
