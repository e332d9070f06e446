/**
 * The model search (docs/product/parts-finder.md#model-search): the storefront's models matching a typed number
 * or fragment, best first, named in the storefront's words and linked to their model pages. Used by
 * GET /api/models and the search results page.
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { STRINGS } from '#lib/market/i18n.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { modelName, parseModelQuery, rankModels } from '#lib/catalogue/model-search.ts';
import type { ModelHit } from '#lib/api/catalogue-contracts.ts';
import { getModelIndex } from './model-index.ts';

export const MODEL_SEARCH_LIMIT = 10;

export async function searchModels(db: Db, locale: LocaleCode, query: string, limit = MODEL_SEARCH_LIMIT): Promise<ModelHit[]> {
  const index = await getModelIndex(db, locale);
  const q = parseModelQuery(query, index.vocabulary, locale);
  const template = STRINGS[locale].model_search.name;
  return rankModels(index.entries, q, Math.min(limit, MODEL_SEARCH_LIMIT), index.trigrams).map((i) => {
    const m = index.entries[i];
    return {
      id: m.id,
      name: modelName(template, { brand: m.brand, number: m.number, type: m.applianceType }, locale),
      number: m.number,
      brand: m.brand,
      type: m.applianceType,
      years: { from: m.yearFrom, to: m.yearTo },
      url: pathFor('model-slug', locale, { slug: m.slug }),
    };
  });
}
