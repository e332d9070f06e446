/** Suggestions for a storefront's query, from its current index (docs/product/search.md#suggestions). */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { SearchSuggestions } from '#lib/api/catalogue-contracts.ts';
import { getSearchIndex } from './search-index.ts';
import { completions, didYouMean } from './suggest.ts';

export async function searchSuggestions(db: Db, locale: LocaleCode, query: string): Promise<SearchSuggestions> {
  const index = await getSearchIndex(db, locale);
  return { completions: completions(index, query), did_you_mean: didYouMean(index, query) };
}
