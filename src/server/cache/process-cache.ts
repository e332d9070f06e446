/**
 * Process-wide caches. A rebuild switch loads the new build's bundle (its own copy of every module)
 * into the same process; module-level caches would then be duplicated per build and the old ones never
 * freed. Caches live on globalThis under a versioned name instead: bump the version when a cached
 * value's shape changes.
 */
import { budgetBytes } from '#lib/cache/cache-budget.ts';
import { BoundedCache, type BoundedCacheOptions, type BoundedCacheStats } from '#lib/cache/bounded-cache.ts';

export function processCache<T>(name: string, create: () => T): T {
  const key = Symbol.for(`partsfront.cache.${name}`);
  const holder = globalThis as unknown as Record<symbol, T | undefined>;
  return (holder[key] ??= create());
}

/** Every bounded cache of the process by name, for a look at their stats (bench/memory.mjs reads it over IPC). */
const registry = processCache('registry', () => new Map<string, { stats(): BoundedCacheStats }>());

/** A process-wide cache bounded in bytes with a TTL (docs/product/performance.md#caches). */
export function boundedProcessCache<V>(name: string, options: Omit<BoundedCacheOptions<V>, 'now'>): BoundedCache<V> {
  const cache = processCache(name, () => new BoundedCache<V>({ ...options, now: Date.now }));
  registry.set(name, cache);
  return cache;
}

/** Name and stats of every bounded cache of the process (the /metrics gauges read them at each scrape). */
export function cacheStats(): [string, BoundedCacheStats][] {
  return [...registry].map(([name, c]) => [name, c.stats()]);
}

/** A cache budget in bytes: the environment variable's MiB when it is a positive number, else the default. */
export const cacheBudgetBytes = (envName: string, defaultMiB: number): number => budgetBytes(process.env[envName], defaultMiB);
