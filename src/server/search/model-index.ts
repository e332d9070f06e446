/**
 * The model search's in-process index per storefront (docs/product/parts-finder.md#model-search): every appliance
 * model with its number and aliases normalized once, and the brand and type words that narrow a query. Built
 * from the database (one read per storefront) and kept fresh by the rule the product search index follows
 * (docs/product/search.md#index-freshness-and-caching): the catalogue's version is checked at most every
 * MODEL_VERSION_CHECK_MS and a changed catalogue is read again in the background while queries keep using the
 * previous index.
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { versionedIndex } from './versioned-index.ts';
import { modelSearchRows, type ModelSummary } from '#server/catalogue/appliance-models.ts';

/** A model as the ranking reads it (ModelSearchEntry) and as an answer shows it. */
export type IndexedModel = ModelSearchEntry & Pick<ModelSummary, 'id' | 'slug' | 'number' | 'applianceType' | 'yearFrom' | 'yearTo'>;
import { buildModelTrigrams, type ModelSearchEntry, type ModelTrigrams, type ModelVocabulary } from '#lib/catalogue/model-search.ts';
import { catalogueVersion } from './catalogue-version.ts';
import { loggerFor } from '#server/telemetry/logger.ts';

const log = loggerFor('search');
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

export const MODEL_VERSION_CHECK_MS = 5_000;

export interface ModelIndex {
  version: string;
  locale: LocaleCode;
  entries: IndexedModel[];
  vocabulary: ModelVocabulary;
  /** Trigram → entries: a query compares only the entries sharing its fragment's rarest trigram. */
  trigrams: ModelTrigrams;
}

/** The products' version and the newest model: a re-import replaces both, so either changes. */
async function modelsVersion(db: Db): Promise<string> {
  const [products, newest] = await Promise.all([
    catalogueVersion(db),
    db.selectFrom('appliance_models').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst(),
  ]);
  return `${products}|${newest?.id ?? 0}`;
}

export async function buildModelIndex(db: Db, locale: LocaleCode, version?: string): Promise<ModelIndex> {
  const started = performance.now();
  const v = version ?? (await modelsVersion(db));
  const rows = await modelSearchRows(db, locale);
  // node:sqlite reads synchronously: let waiting requests run between the read and the building
  await yieldToRequests();
  // one string per brand and type name, not one per row: the index stays small in the heap (5 storefronts)
  const interned = new Map<string, string>();
  const intern = (x: string) => interned.get(x) ?? (interned.set(x, x), x);
  const lowered = new Map<string, string>();
  const lower = (x: string) => {
    let l = lowered.get(x);
    if (l === undefined) lowered.set(x, (l = intern(x.toLocaleLowerCase(locale))));
    return l;
  };
  const entries = rows.map((m): IndexedModel => ({
    numbers: m.aliases.length === 0 ? [m.normalized] : [m.normalized, ...m.aliases.filter((a) => a !== m.normalized)],
    brand: intern(m.brand),
    brandKey: lower(m.brand),
    typeKey: lower(m.applianceType),
    id: m.id,
    slug: m.slug,
    number: m.number,
    applianceType: intern(m.applianceType),
    yearFrom: m.yearFrom,
    yearTo: m.yearTo,
  }));
  const vocabulary: ModelVocabulary = {
    brands: [...new Set(entries.map((e) => e.brandKey))],
    types: [...new Set(entries.map((e) => e.typeKey))],
  };
  await yieldToRequests();
  const trigrams = buildModelTrigrams(entries);
  log.debug({ locale, models: entries.length, ms: Math.round(performance.now() - started) }, 'model index built');
  return { version: v, locale, entries, vocabulary, trigrams };
}

/** The current model index of a storefront: built on first use, replaced in the background when the catalogue changed. */
export const getModelIndex: (db: Db, locale: LocaleCode) => Promise<ModelIndex> = versionedIndex({
  cacheKey: 'model-index.v1',
  checkMs: MODEL_VERSION_CHECK_MS,
  version: modelsVersion,
  load: (db, locale, version) => buildModelIndex(db, locale, version),
});
