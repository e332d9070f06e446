/** Search calls of the browser: products (with categories and counts), search-trigger hints, suggestions and models. */
import type { ModelsResponse, ProductsResponse, SearchSuggestions, SearchTriggerHint } from '#lib/api/catalogue-contracts.ts';
import { API_PATHS } from '#lib/api/paths.ts';
import { getJson, type ApiAnswer } from './http.ts';

export function searchProducts(query: string, provider: string, signal?: AbortSignal): Promise<ApiAnswer<ProductsResponse>> {
  return getJson<ProductsResponse>(API_PATHS.products, { query, nc: 'true', co: 'true', provider }, { signal });
}

export function searchTriggers(query: string, signal?: AbortSignal): Promise<ApiAnswer<SearchTriggerHint[]>> {
  return getJson<SearchTriggerHint[]>(API_PATHS.searchTriggers, { query }, { signal });
}

export function searchSuggestions(query: string, signal?: AbortSignal): Promise<ApiAnswer<SearchSuggestions>> {
  return getJson<SearchSuggestions>(API_PATHS.searchSuggestions, { query }, { signal });
}

export function searchModels(query: string, signal?: AbortSignal): Promise<ApiAnswer<ModelsResponse>> {
  return getJson<ModelsResponse>(API_PATHS.models, { query }, { signal });
}
