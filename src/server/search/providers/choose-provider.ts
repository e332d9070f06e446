/**
 * Which provider answers a search (docs/product/search.md#providers): the one the visitor's experiment asks for
 * when it is configured and answers in time, else the internal engine (SPEC: internal on failure). The answer
 * names who actually answered, for the x-search-provider header.
 */
import type { Db } from '#server/db/connection.ts';
import type { SearchOptions } from '../search-products.ts';
import { depictConfig, type DepictConfig } from './depict-config.ts';
import { externalProvider, NotForExternal } from './external-provider.ts';
import { internalProvider } from './internal-provider.ts';
import { requestedProvider, type ProviderAnswer, type SearchProvider } from './search-provider.ts';
import { loggerFor } from '#server/telemetry/logger.ts';

const log = loggerFor('search');

let cached: { key: string; provider: SearchProvider | null } | null = null;

/** The external provider of the current environment (rebuilt when its configuration changes), or null. */
function configuredExternal(): SearchProvider | null {
  const config: DepictConfig | null = depictConfig();
  const key = JSON.stringify(config);
  if (cached?.key !== key) cached = { key, provider: config ? externalProvider(config) : null };
  return cached.provider;
}

export async function searchWithProvider(db: Db, provider: string | undefined, opts: SearchOptions): Promise<ProviderAnswer> {
  const external = requestedProvider(provider) === 'external' ? configuredExternal() : null;
  if (external) {
    try {
      return { result: await external.search(db, opts), provider: 'external' };
    } catch (err) {
      if (!(err instanceof NotForExternal))
        log.warn({ err: err instanceof Error ? err.message : String(err) }, 'search provider external failed, internal answers');
    }
  }
  return { result: await internalProvider.search(db, opts), provider: 'internal' };
}
