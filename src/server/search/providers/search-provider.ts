/**
 * Search providers behind one interface (docs/product/search.md#providers): `internal` (our engine) and
 * `external` (a retail personalisation provider, Depict). A provider picks WHICH products and in what
 * order; every answer is built from our own database (prices, stock), so both answer the same shape.
 */
import type { Db } from '#server/db/connection.ts';
import type { SearchOptions, SearchResult } from '../search-products.ts';

export const SEARCH_PROVIDERS = ['internal', 'external'] as const;
export type SearchProviderName = (typeof SEARCH_PROVIDERS)[number];

export interface SearchProvider {
  readonly name: SearchProviderName;
  /** Rejects when the provider cannot answer (timeout, 5xx, network, a bad answer): the caller falls back. */
  search(db: Db, opts: SearchOptions): Promise<SearchResult>;
}

/** Who answered: the x-search-provider header, which experiment results join to. */
export interface ProviderAnswer {
  result: SearchResult;
  provider: SearchProviderName;
}

/** The experiment's value (`provider` of GET /api/products): only `external` asks for the external provider. */
export const requestedProvider = (value: string | undefined): SearchProviderName => (value === 'external' ? 'external' : 'internal');
