/**
 * Listings (category, brand, tag) are static pages capped at LISTING_CAP products, in-stock first
 * (docs/adr/0003): deeper categories narrow the list, search finds the rest. No ?page= on static HTML.
 */
export const LISTING_CAP = 48;
