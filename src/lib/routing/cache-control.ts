/**
 * Cache rules of the files the nodes serve (src/host/static-files.ts) and nginx in front of them
 * (src/lib/deploy/nginx-config.ts): docs/product/routes.md#how-a-request-is-served.
 */
export const CACHE_CONTROL = {
  /** A prerendered page: kept, and revalidated at every use, so a re-rendered page shows at once. */
  page: 'public, max-age=0, must-revalidate',
  /**
   * A prerendered page fetched ahead on hover (Sec-Purpose: prefetch, docs/adr/0028-client-navigation.md): fresh
   * for a few seconds, so the click that follows shows it without another round trip; revalidated after.
   */
  prefetchedPage: 'public, max-age=10',
  immutable: 'public, max-age=31536000, immutable',
  file: 'public, max-age=86400',
} as const;

/** Sec-Purpose of a prefetch (`prefetch`) or a prerender (`prefetch;prerender`). */
export const isPrefetch = (secPurpose: string | string[] | undefined): boolean => String(secPurpose ?? '').includes('prefetch');

/** The cache rule of a prerendered page for this request. */
export const pageCacheControl = (secPurpose: string | string[] | undefined): string =>
  isPrefetch(secPurpose) ? CACHE_CONTROL.prefetchedPage : CACHE_CONTROL.page;
