/**
 * Which provider answers a product's recommendations (docs/product/accessories.md#recommendation-providers): the
 * one the visitor's experiment asks for when it is configured and answers in time, else the internal ranking
 * (SPEC: internal on failure). The answer names who actually answered, for the x-recommendation-provider header.
 */
import type { Db } from '#server/db/connection.ts';
import { DepictFailure } from '#server/search/providers/depict-client.ts';
import { depictRecommendConfig } from './depict-recommend-config.ts';
import { externalRecommendations } from './external-provider.ts';
import { internalRecommendations } from './internal-provider.ts';
import {
  NotForExternal,
  type RecommendationProvider,
  type RecommendationProviderName,
  type RecommendationRequest,
} from './recommendation-provider.ts';
import { loggerFor } from '#server/telemetry/logger.ts';

const log = loggerFor('recommendations');

let cached: { key: string; provider: RecommendationProvider | null } | null = null;

/** The external provider of the current environment (rebuilt when its configuration changes), or null. */
function configuredExternal(): RecommendationProvider | null {
  const config = depictRecommendConfig();
  const key = JSON.stringify(config);
  if (cached?.key !== key) cached = { key, provider: config ? externalRecommendations(config) : null };
  return cached.provider;
}

export interface RecommendationAnswer {
  ids: number[];
  provider: RecommendationProviderName;
}

export async function recommendWithProvider(
  db: Db,
  provider: RecommendationProviderName,
  req: RecommendationRequest,
): Promise<RecommendationAnswer> {
  const external = provider === 'external' ? configuredExternal() : null;
  if (external) {
    try {
      return { ids: await external.recommend(db, req), provider: 'external' };
    } catch (err) {
      if (!(err instanceof NotForExternal)) {
        const what = err instanceof DepictFailure || err instanceof Error ? err.message : String(err);
        log.warn({ err: what }, 'recommendation provider external failed, internal answers');
      }
    }
  }
  return { ids: await internalRecommendations.recommend(db, req), provider: 'internal' };
}
