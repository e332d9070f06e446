/**
 * GET /api/public-config (docs/product/api.md#public-config): the optional services configured for this
 * storefront now. Read from the server's environment at request time (not baked into the static build), so a
 * provider configured later is seen without a rebuild, within the cache time.
 */
import type { APIRoute } from 'astro';
import { PUBLIC_CONFIG_MAX_AGE_S, type PublicConfig } from '#lib/api/public-config-contracts.ts';
import { endpoint, json, methodNotAllowed, requireStore } from '#server/http/endpoint.ts';
import { personalisationConfig } from '#server/tracking/personalisation-config.ts';
import { depictRecommendConfig } from '#server/recommendations/depict-recommend-config.ts';

export const prerender = false;

export const GET: APIRoute = endpoint(({ url }) => {
  const { locale } = requireStore(url);
  const body: PublicConfig = {
    personalisation: personalisationConfig(locale) !== null,
    external_recommendations: depictRecommendConfig() !== null,
  };
  return json(body, 200, { 'cache-control': `public, max-age=${PUBLIC_CONFIG_MAX_AGE_S}` });
});

export const ALL = methodNotAllowed(['GET']);
