/** The internal engine as a search provider: searchProducts unchanged (ranking, index, answer cache). */
import { searchProducts } from '../search-products.ts';
import type { SearchProvider } from './search-provider.ts';

export const internalProvider: SearchProvider = {
  name: 'internal',
  search: (db, opts) => searchProducts(db, opts),
};
