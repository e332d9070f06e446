/**
 * Process-wide caches. A rebuild switch loads the new build's bundle (its own copy of every module)
 * into the same process; module-level caches would then be duplicated per build and the old ones never
 * freed. Caches live on globalThis under a versioned name instead: bump the version when a cached
 * value's shape changes.
 */
export function processCache<T>(name: string, create: () => T): T {
  const key = Symbol.for(`partsfront.cache.${name}`);
  const holder = globalThis as unknown as Record<symbol, T | undefined>;
  return (holder[key] ??= create());
}
