/**
 * A worker thread that builds and stores storefronts' search indexes (storeSearchIndexes in search-index.ts): each
 * message names a storefront, the answer says it is stored. Two at a time halve the index step of an import on a
 * 2-core machine (docs/adr/0030-search-at-scale.md); each worker reads the database over its own connection.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDb } from '#server/db/connection.ts';
import type { DbConfig } from '#server/db/config.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { buildSearchIndex } from './search-index.ts';
import type { CodeListsMemo } from './index-builder.ts';
import { storeIndex } from './index-store.ts';

const { config, version } = workerData as { config: DbConfig; version: string };
const { db } = openDb(config);
/** The code lists of this worker's storefront before: the next one takes them when its codes are the same. */
const memo: CodeListsMemo = {};
parentPort!.on('message', (locale: LocaleCode | null) => {
  if (locale === null) {
    void db.destroy().finally(() => parentPort!.close());
    return;
  }
  buildSearchIndex(db, locale, version, memo)
    .then((index) => storeIndex(config, index))
    .then(
      () => parentPort!.postMessage({ locale }),
      (err: unknown) => parentPort!.postMessage({ locale, error: err instanceof Error ? err.message : String(err) }),
    );
});
