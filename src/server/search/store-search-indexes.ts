/**
 * After a seed or import: every storefront's search index built and stored for the server to load, in worker
 * threads (index-build-worker.ts), two at a time where there are 2 cores: the index step of a 1,000,000-product
 * import takes half the time (docs/adr/0030-search-at-scale.md). Each thread builds a run of neighbouring
 * storefronts (sv, no, da | fi, nl): a storefront takes the code lists of the one its thread built before when they
 * are the same (index-builder.ts), as storefronts selling the same products often have. Kept out of search-index.ts
 * so the server's bundle never meets the worker's file. One thread: one after another on the given connection.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Db } from '#server/db/connection.ts';
import type { DbConfig } from '#server/db/config.ts';
import { LOCALE_CODES, type LocaleCode } from '#lib/market/locales.ts';
import { catalogueVersion } from './catalogue-version.ts';
import { storeSearchIndexes } from './search-index.ts';

export async function storeSearchIndexesInThreads(
  db: Db,
  config: DbConfig,
  threads = Math.min(2, os.availableParallelism()),
): Promise<void> {
  if (threads <= 1 || (config.kind === 'sqlite' && config.file === ':memory:')) return storeSearchIndexes(db, config);
  const version = await catalogueVersion(db);
  const runs = storefrontRuns(LOCALE_CODES, threads);
  const slot = (queue: LocaleCode[]) =>
    new Promise<void>((resolve, reject) => {
      const worker = new Worker(new URL('./index-build-worker.ts', import.meta.url), { workerData: { config, version } });
      const next = () => worker.postMessage(queue.shift() ?? null);
      worker.on('message', (m: { locale: LocaleCode; error?: string }) => {
        if (!m.error) return next();
        for (const run of runs) run.length = 0;
        reject(new Error(`search index of ${m.locale} not built: ${m.error}`));
        void worker.terminate();
      });
      worker.on('error', reject);
      worker.on('exit', () => resolve());
      next();
    });
  await Promise.all(runs.map(slot));
}

/** The storefronts cut into `threads` runs of neighbours, the longer runs first: [sv, no, da], [fi, nl]. */
export function storefrontRuns<T>(all: readonly T[], threads: number): T[][] {
  const n = Math.min(threads, all.length);
  const runs: T[][] = [];
  for (let i = 0, from = 0; i < n; i++) {
    const size = Math.ceil((all.length - from) / (n - i));
    runs.push(all.slice(from, from + size));
    from += size;
  }
  return runs;
}
