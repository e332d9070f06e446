/**
 * Which product pages a build prerenders (docs/adr/0017-incremental-pages.md#decision): all of them, or — with
 * PARTSFRONT_PRERENDER_PRODUCTS=N — the N a shopper is likeliest to open first: in stock, then orderable, then the
 * rest, by id within each. The others are rendered on their first request and kept (a crawler or the warm-up
 * command fills them in), so a very large catalogue deploys in minutes.
 */
export interface PrerenderCandidate {
  id: number;
  stock_status: string;
  orderable: boolean;
}

/** The limit from the environment: undefined = every product (also for an empty, negative or non-numeric value). */
export function prerenderLimit(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

export function productsToPrerender<T extends PrerenderCandidate>(products: readonly T[], limit: number | undefined): T[] {
  if (limit === undefined || limit >= products.length) return [...products];
  const rank = (p: T) => (p.stock_status === 'in-stock' ? 0 : p.orderable ? 1 : 2);
  return [...products].sort((a, b) => rank(a) - rank(b) || a.id - b.id).slice(0, limit);
}

/**
 * Model pages a build prerenders per storefront (PARTSFRONT_PRERENDER_MODELS; ADR 0027): the first N models in
 * import order; the others render on their first request and are kept. Unset: MODEL_PRERENDER_DEFAULT.
 */
export const MODEL_PRERENDER_DEFAULT = 100;

export function modelPrerenderLimit(value: string | undefined): number {
  return prerenderLimit(value) ?? MODEL_PRERENDER_DEFAULT;
}
