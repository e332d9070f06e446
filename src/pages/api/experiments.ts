/**
 * GET /api/experiments (docs/product/api.md#experiments): the experiments running on the storefront, with their
 * variants and weights — what the browser needs to assign its visitor. The same for everybody, so cacheable.
 */
import type { APIRoute } from 'astro';
import { endpoint, json, methodNotAllowed, requireStore } from '#server/http/endpoint.ts';
import { experimentsAnswer } from '#server/experiments/experiment-config.ts';

export const prerender = false;

/** Five minutes: a weight change reaches new tabs within that (a running tab keeps its assignment anyway). */
const MAX_AGE_SECONDS = 300;

export const GET: APIRoute = endpoint(({ url }) => {
  const { locale } = requireStore(url);
  return json(experimentsAnswer(locale), 200, { 'cache-control': `public, max-age=${MAX_AGE_SECONDS}` });
});

export const ALL = methodNotAllowed(['GET']);
