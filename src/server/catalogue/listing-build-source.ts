/**
 * The listing source of the static first pages: the build's page catalogue (page-catalogue.ts) seen as
 * listing items, once per storefront and build, so page 1 shows exactly what the on-demand pages would.
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import { availabilityOf } from '#lib/catalogue/listing-query.ts';
import { stockRank } from '#lib/catalogue/listing-filter.ts';
import { unitPrice } from '#lib/pricing/tiers.ts';
import { localeCatalogue, type PageProduct } from './page-catalogue.ts';
import { buildListingSource, rankNames, type ListingSource } from './listing-source.ts';

export interface BuildListing {
  source: ListingSource;
  productById: Map<number, PageProduct>;
}

const memo = new Map<LocaleCode, Promise<BuildListing>>();

async function load(locale: LocaleCode): Promise<BuildListing> {
  const cat = await localeCatalogue(locale);
  const ranks = rankNames(
    cat.products.map((p) => p.name),
    locale,
  );
  const source = buildListingSource(
    locale,
    cat.categories,
    cat.brands,
    cat.tags,
    cat.products.map((p, i) => ({
      item: {
        id: p.id,
        nameRank: ranks[i],
        stockRank: stockRank(p.stock_status, p.orderable),
        brand: p.brand?.slug ?? null,
        availability: availabilityOf(p.stock_status),
        price: unitPrice(p.prices, 1),
        vat: p.vat,
        categoryIds: p.categoryIds,
      },
      brandId: p.brand?.id ?? null,
      tagIds: p.tagIds,
    })),
  );
  return { source, productById: new Map(cat.products.map((p) => [p.id, p])) };
}

export function buildListing(locale: LocaleCode): Promise<BuildListing> {
  let p = memo.get(locale);
  if (!p) {
    p = load(locale);
    memo.set(locale, p);
  }
  return p;
}
