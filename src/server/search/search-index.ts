/**
 * The in-process search index per storefront (docs/adr/0004; its structure: index-builder.ts). Built from the database,
 * identical on SQLite and PostgreSQL, and rebuilt when the catalogue changes (checked at most every
 * VERSION_CHECK_MS; queries keep using the previous index while a new one loads).
 */
import type { Db } from '#server/db/connection.ts';
import { LOCALE_CODES, type LocaleCode } from '#lib/market/locales.ts';
import { indexBuilder, type CodeListsMemo, type SearchIndex } from './index-builder.ts';
export type { SearchIndex } from './index-builder.ts';
import { versionedIndex } from './versioned-index.ts';
import { getDb, getDbConfig } from '#server/db/connection.ts';
import type { DbConfig } from '#server/db/config.ts';
import { readStoredIndex, storeIndex } from './index-store.ts';
import { shareCodes } from './shared-postings.ts';
import { facetCategories, indexCategoryLinks, indexProducts } from './index-rows.ts';
import { loggerFor } from '#server/telemetry/logger.ts';
import { catalogueVersion } from './catalogue-version.ts';
import { numberLookupFor } from './part-number-index.ts';
import { getModelIndex } from './model-index.ts';

const log = loggerFor('search');

export const VERSION_CHECK_MS = 5_000;

/** Rows per read while building: node:sqlite is synchronous, so a build yields between chunks. */
const CHUNK = 2000;
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `memo`: the code lists of the storefront built before, taken when they are the same (index-builder.ts). */
export async function buildSearchIndex(db: Db, locale: LocaleCode, version?: string, memo?: CodeListsMemo): Promise<SearchIndex> {
  const v = version ?? (await catalogueVersion(db));
  const builder = indexBuilder(locale, memo);
  for (let last = 0; ;) {
    const rows = await indexProducts(db, locale, { after: last, limit: CHUNK });
    if (rows.length === 0) break;
    const first = last;
    last = rows[rows.length - 1].id;
    builder.addProducts(rows);
    builder.addCategories(await indexCategoryLinks(db, locale, { after: first, upTo: last }));
    await yieldToRequests();
  }
  return builder.finish(v, await facetCategories(db, locale));
}

/**
 * The index of this catalogue version: from disk when stored (a file read), else built from the database
 * and stored for the next start. Only the server's own connection (getDb) persists: its config names the file.
 */
async function loadOrBuild(db: Db, locale: LocaleCode, version?: string): Promise<SearchIndex> {
  const v = version ?? (await catalogueVersion(db));
  const config = db === getDb() ? getDbConfig() : null;
  const stored = config ? await readStoredIndex(config, locale, v) : null;
  if (stored) return shareCodes(stored);
  const built = await buildSearchIndex(db, locale, v);
  if (config) await storeIndex(config, built);
  return shareCodes(built);
}

/**
 * Every storefront's index, one after another: called when the server starts listening (so the first visitor's
 * search does not wait for a build) and after a seed or import (so the next start finds them on disk).
 */
export async function warmSearchIndexes(db: Db): Promise<void> {
  for (const code of LOCALE_CODES)
    await getSearchIndex(db, code).catch((err: unknown) =>
      log.warn({ err: err instanceof Error ? err.message : String(err), locale: code }, 'search index not loaded'),
    );
  // the model search's indexes are built from the database (fast: one read per storefront), never stored
  for (const code of LOCALE_CODES)
    await getModelIndex(db, code).catch((err: unknown) =>
      log.warn({ err: err instanceof Error ? err.message : String(err), locale: code }, 'model index not loaded'),
    );
  // the part numbers last: a number query waits for them, a word query never does (successionLookupFor)
  await getSearchIndex(db, LOCALE_CODES[0])
    .then((index) => numberLookupFor(db, index.version))
    .catch((err: unknown) => log.warn({ err: err instanceof Error ? err.message : String(err) }, 'part numbers not loaded'));
}

/** After a seed or import (its own connection): every storefront's index built and stored for the server to load. */
export async function storeSearchIndexes(db: Db, config: DbConfig): Promise<void> {
  const version = await catalogueVersion(db);
  const memo: CodeListsMemo = {};
  for (const code of LOCALE_CODES) await storeIndex(config, await buildSearchIndex(db, code, version, memo));
}

/** The current index for a storefront: loaded or built on first use, replaced in the background when the catalogue changed. */
export const getSearchIndex: (db: Db, locale: LocaleCode) => Promise<SearchIndex> = versionedIndex({
  cacheKey: 'search-index.v2',
  checkMs: VERSION_CHECK_MS,
  version: catalogueVersion,
  load: (db, locale, version) => loadOrBuild(db, locale, version),
});
