/**
 * How many product and model pages a build prerenders per storefront (docs/adr/0017-incremental-pages.md#decision,
 * docs/adr/0031-build-in-bounded-memory.md): the others render on their first request and are kept (a crawler or
 * the warm-up command fills them in), so a very large catalogue deploys in minutes and in bounded memory. Which
 * product pages: the ones a shopper is likeliest to open first — in stock, then orderable, then the rest, by id
 * within each (the query in src/server/catalogue/build-products.ts).
 */

/** The limit from the environment: undefined when unset, empty, negative or not a whole number (the default applies). */
export function prerenderLimit(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

/** Product pages prerendered per storefront when PARTSFRONT_PRERENDER_PRODUCTS is unset: every page of a catalogue this size. */
export const PRODUCT_PRERENDER_DEFAULT = 20_000;

export function productPrerenderLimit(value: string | undefined): number {
  return prerenderLimit(value) ?? PRODUCT_PRERENDER_DEFAULT;
}

/**
 * Model pages a build prerenders per storefront (PARTSFRONT_PRERENDER_MODELS; ADR 0027): the first N models in
 * import order; the others render on their first request and are kept. Unset: MODEL_PRERENDER_DEFAULT.
 */
export const MODEL_PRERENDER_DEFAULT = 100;

export function modelPrerenderLimit(value: string | undefined): number {
  return prerenderLimit(value) ?? MODEL_PRERENDER_DEFAULT;
}
