/**
 * POST /api/experiment-events (docs/product/api.md#experiment-events): a visitor's exposures and add-to-carts.
 * Only with statistics consent (the __consent cookie of the request; without it 403 consent_required and nothing
 * is stored). A random visitor id is all that identifies anybody: no IP or user agent is stored (the IP only
 * counts towards the rate limit). Bounded body (8 KB, 20 events), rate-limited per client IP.
 */
import type { APIRoute } from 'astro';
import {
  EXPERIMENT_EVENTS_RATE_LIMIT_DEFAULT,
  experimentEventsRequestSchema,
  MAX_EVENTS_BODY_BYTES,
} from '#lib/api/experiment-contracts.ts';
import { ConsentRequiredError } from '#lib/errors/domain-errors.ts';
import { json, methodNotAllowed, readJsonBody, requireStore, validate } from '#server/http/endpoint.ts';
import { clientIp, createRateLimiter, limitedEndpoint, RateLimited } from '#server/http/rate-limit.ts';
import { getDb } from '#server/db/connection.ts';
import { experimentsConfig } from '#server/experiments/experiment-config.ts';
import { runningFor } from '#lib/experiments/config-schema.ts';
import { recordExperimentEvents, statisticsAllowed } from '#server/experiments/experiment-events.ts';

export const prerender = false;

const limiter = createRateLimiter({
  bucket: 'experiment-events',
  limit: Number(process.env.EXPERIMENT_EVENTS_RATE_LIMIT ?? EXPERIMENT_EVENTS_RATE_LIMIT_DEFAULT),
  windowMs: 60_000,
});

export const POST: APIRoute = limitedEndpoint(async ({ request, url, clientAddress }) => {
  const { locale } = requireStore(url);
  if (!statisticsAllowed(request.headers)) throw new ConsentRequiredError('experiment events need statistics consent (analytics storage)');
  const rate = await limiter.hit(clientIp(request.headers, () => clientAddress));
  if (!rate.allowed) throw new RateLimited(rate.retryAfterSeconds, 'too many experiment events; try again later');
  const body = validate(experimentEventsRequestSchema, await readJsonBody(request, MAX_EVENTS_BODY_BYTES));
  return json(await recordExperimentEvents(getDb(), locale, runningFor(experimentsConfig(), locale), body));
});

export const ALL = methodNotAllowed(['POST']);
