/**
 * The unfiltered first page of a listing counted item by item, in any order (docs/adr/0031-build-in-bounded-memory.md):
 * the total, the facets and the first page in the default order, holding only that page — so the build streams a
 * storefront's products once and never holds them. Agrees with `refineListing` + `listingPage` on the same items:
 * the same facet counter, and the default order with names compared in the storefront's collation (ties by id,
 * as `rankNames` breaks them). Pure.
 */
import { facetCounter, pageCount, type ListingItem, type ListingResult, type ListingScope } from './listing-filter.ts';
import { LISTING_PAGE_SIZE } from './listing-query.ts';

/** A listing item with its name (the default order compares names; nameRank is not known while streaming). */
export interface NamedItem extends ListingItem {
  name: string;
}

export interface ListingDigest {
  add(item: NamedItem): void;
  result(): ListingResult;
}

export function listingDigest(scope: ListingScope, collator: Intl.Collator, pageSize = LISTING_PAGE_SIZE): ListingDigest {
  const counter = facetCounter(scope, true);
  const first: NamedItem[] = [];
  let total = 0;
  const before = (a: NamedItem, b: NamedItem) => a.stockRank - b.stockRank || collator.compare(a.name, b.name) || a.id - b.id;
  return {
    add(item) {
      total++;
      counter.add(item);
      if (first.length === pageSize && before(item, first[pageSize - 1]) >= 0) return;
      let lo = 0;
      let hi = first.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (before(first[mid], item) < 0) lo = mid + 1;
        else hi = mid;
      }
      first.splice(lo, 0, item);
      if (first.length > pageSize) first.pop();
    },
    result: () => ({ total, page: 1, pages: pageCount(total, pageSize), items: first, facets: counter.facets() }),
  };
}
