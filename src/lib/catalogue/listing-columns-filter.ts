/**
 * Filtering, facet counts, sorting and paging over listing columns (docs/adr/0032-listing-columns.md): the same
 * answers as refineListing + listingPage (listing-filter.ts) give on the same items as objects — the same
 * products in the same order, the same totals and facet counts — without an object per product. What a filter
 * asks of a product's brand, categories and stock is worked out once per distinct value (a few dozen brands,
 * a few hundred category lists, five availabilities), so the walk over a list reads typed arrays only. Pure.
 */
import { excludeVat, roundTo } from '#lib/pricing/vat.ts';
import { currencyDigits } from '#lib/market/locales.ts';
import { AVAILABILITIES, LISTING_PAGE_SIZE, type Availability, type ListingQuery } from './listing-query.ts';
import { chosenSubcategoryIds, pageCount, type ListingFacets, type ListingResult, type ListingScope } from './listing-filter.ts';
import { itemAt, type ListingColumns } from './listing-columns.ts';
import { sortAscending, sortByPrice } from './sort-positions.ts';
import { inPriceOrder } from './price-order.ts';

export interface RefinedPositions {
  /** The positions of every matching product: the first `ordered` in the chosen order, the rest in none yet. */
  matched: Int32Array;
  /** All of them, unless the price order is walked (`orderedTo`: as far as the pages asked). */
  ordered: number;
  /** Set while some are unordered: which way the price order is walked for them. */
  byPrice?: { descending: boolean };
  facets: ListingFacets;
}

/** Pages put in order ahead of the one asked, so paging on does not walk again at once. */
const ORDER_AHEAD = 4;

const BRAND = 1;
const SUB = 2;
const STOCK = 4;
const PRICE = 8;
const ALL = BRAND | SUB | STOCK | PRICE;

/** Matches sorted by price through the storefront's price order when they are at least 1/WALK_SHARE of it. */
const WALK_SHARE = 32;

/** Reused between calls (a list's matches are copied out at their count). */
let scratch = new Int32Array(0);

/** Per category list: whether it passes the subcategory filter, and its subcategory branches (each once). */
function categoryFacts(c: ListingColumns, q: ListingQuery, scope: ListingScope) {
  const subIds = chosenSubcategoryIds(q, scope);
  const branchSlugs: string[] = [];
  const branchOf = new Map<number, number>();
  for (const [slug, ids] of scope.subcategories) {
    branchSlugs.push(slug);
    for (const id of ids) branchOf.set(id, branchSlugs.length - 1);
  }
  const sets = c.categorySets;
  const subPass = new Uint8Array(sets.length);
  const branchStart = new Int32Array(sets.length + 1);
  const branches: number[] = [];
  for (let s = 0; s < sets.length; s++) {
    if (!subIds || sets[s].some((id) => subIds.has(id))) subPass[s] = SUB;
    if (branchOf.size > 0) {
      const from = branches.length;
      for (const id of sets[s]) {
        const b = branchOf.get(id);
        if (b !== undefined && branches.indexOf(b, from) < 0) branches.push(b);
      }
    }
    branchStart[s + 1] = branches.length;
  }
  return { subPass, branchStart, branches: Int32Array.from(branches), branchSlugs, hasBranches: branchOf.size > 0 };
}

/** Counts in the order first seen (a Map's order, as the object-based counter fills it). */
function countMap<K>(keys: readonly K[], counts: Int32Array, order: readonly number[]): Map<K, number> {
  const m = new Map<K, number>();
  for (const i of order) m.set(keys[i], (m.get(keys[i]) ?? 0) + counts[i]);
  return m;
}

/**
 * Filters, counts the facets and sorts the positions of `list` (which is in the default order). A price sort that
 * walks the price order is left to `orderedTo`, which walks only as far as the pages asked.
 */
export function refineColumns(c: ListingColumns, list: Int32Array, q: ListingQuery, scope: ListingScope): RefinedPositions {
  const brands = new Set(q.brands);
  const brandPass = new Uint8Array(c.brandSlugs.length);
  c.brandSlugs.forEach((slug, i) => {
    if (brands.size === 0 || (slug !== null && brands.has(slug))) brandPass[i] = BRAND;
  });
  const stockPass = new Uint8Array(AVAILABILITIES.length);
  AVAILABILITIES.forEach((a, i) => {
    if (q.stock.length === 0 || q.stock.includes(a)) stockPass[i] = STOCK;
  });
  const { subPass, branchStart, branches, branchSlugs, hasBranches } = categoryFacts(c, q, scope);
  const ranged = q.min !== undefined || q.max !== undefined;
  const min = q.min ?? -Infinity;
  const max = q.max ?? Infinity;
  const vatIncluded = !q.vatEx;
  // the shown amount is displayAmount's: the price (incl. VAT) or the price without VAT, rounded to these digits
  const digits = vatIncluded ? currencyDigits(scope.currency) : 2;
  const brandCounts = new Int32Array(c.brandSlugs.length);
  const stockCounts = new Int32Array(AVAILABILITIES.length);
  const subCounts = new Int32Array(branchSlugs.length);
  const brandOrder: number[] = [];
  const stockOrder: number[] = [];
  const subOrder: number[] = [];
  // lowest and highest amount before rounding: rounding never reorders, so they round to the lowest and highest shown
  let lo = Infinity;
  let hi = -Infinity;
  if (scratch.length < list.length) scratch = new Int32Array(list.length);
  const out = scratch;
  let matched = 0;
  const { brand, categorySet, availability, price, vat, vats, brandSlugs } = c;
  for (let k = 0; k < list.length; k++) {
    const p = list[k];
    const amount = vatIncluded ? price[p] : excludeVat(price[p], vats[vat[p]]);
    const b = brand[p];
    const set = categorySet[p];
    const a = availability[p];
    let m = brandPass[b] | subPass[set] | stockPass[a];
    if (!ranged) m |= PRICE;
    else {
      const shown = roundTo(amount, digits);
      if (shown >= min && shown <= max) m |= PRICE;
    }
    if (m === ALL) out[matched++] = p;
    if ((m | BRAND) === ALL && brandSlugs[b] !== null && brandCounts[b]++ === 0) brandOrder.push(b);
    if ((m | STOCK) === ALL && stockCounts[a]++ === 0) stockOrder.push(a);
    if ((m | SUB) === ALL && hasBranches)
      for (let i = branchStart[set]; i < branchStart[set + 1]; i++) if (subCounts[branches[i]]++ === 0) subOrder.push(branches[i]);
    if (amount < lo) lo = amount;
    if (amount > hi) hi = amount;
  }
  const positions = out.slice(0, matched);
  let ordered = matched;
  let byPrice: RefinedPositions['byPrice'];
  if (q.sort === 'name') sortAscending(positions);
  else if (q.sort === 'price-asc' || q.sort === 'price-desc') {
    const descending = q.sort === 'price-desc';
    // a large share of the storefront: walking the kept price order beats sorting the matches, and it can stop
    if (matched * WALK_SHARE >= c.size && matched > 0) {
      ordered = 0;
      byPrice = { descending };
    } else sortByPrice(positions, price, descending);
  }
  const facets: ListingFacets = {
    brands: countMap(brandSlugs as string[], brandCounts, brandOrder),
    subs: countMap(branchSlugs, subCounts, subOrder),
    stock: countMap<Availability>(AVAILABILITIES, stockCounts, stockOrder),
  };
  if (!(lo <= hi)) return { matched: positions, ordered, byPrice, facets };
  return {
    matched: positions,
    ordered,
    byPrice,
    facets: { ...facets, price: { min: Math.floor(roundTo(lo, digits)), max: Math.ceil(roundTo(hi, digits)) } },
  };
}

/** Puts at least the first `end` positions of a refined listing in order (a price walk that stopped goes on). */
export function orderedTo(c: ListingColumns, refined: RefinedPositions, end: number): void {
  const { matched, byPrice } = refined;
  if (!byPrice || refined.ordered >= Math.min(end, matched.length)) return;
  const rest = matched.subarray(refined.ordered);
  const more = Math.min(rest.length, end - refined.ordered);
  inPriceOrder(c, rest, byPrice.descending, more);
  refined.ordered += more;
  if (refined.ordered >= matched.length) refined.byPrice = undefined;
}

/** How many positions to order for `page`: it and a few ahead. */
const orderNeed = (page: number, pageSize = LISTING_PAGE_SIZE): number => (page + ORDER_AHEAD) * pageSize;

/** One page of refined positions as listing items (only the page's items become objects). */
export function columnsPage(c: ListingColumns, refined: RefinedPositions, page: number, pageSize = LISTING_PAGE_SIZE): ListingResult {
  const start = (page - 1) * pageSize;
  const total = refined.matched.length;
  orderedTo(c, refined, orderNeed(page, pageSize));
  return {
    total,
    page,
    pages: pageCount(total, pageSize),
    items: Array.from(refined.matched.subarray(start, start + pageSize), (p) => itemAt(c, p)),
    facets: refined.facets,
  };
}
