/**
 * POST /api/subscriptions/{id} (docs/product/api.md#subscriptions): skip, pause, resume, cancel or change
 * the interval of one of the logged-in customer's subscriptions → { subscription }. Not theirs: 404.
 */
import type { APIRoute } from 'astro';
import { subscriptionActionSchema } from '#lib/api/subscription-contracts.ts';
import { NotFoundError } from '#lib/errors/domain-errors.ts';
import { endpoint, json, methodNotAllowed, readJsonBody, requireStore, validate } from '#server/http/endpoint.ts';
import { getDb } from '#server/db/connection.ts';
import { actOnSubscription } from '#server/subscriptions/customer-subscriptions.ts';
import { isSubscriptionId, requireSubscriber } from '#server/subscriptions/subscriber.ts';

export const prerender = false;

export const POST: APIRoute = endpoint(async ({ request, url, cookies, params }) => {
  const { locale } = requireStore(url);
  const db = getDb();
  const owner = await requireSubscriber(db, request, cookies);
  const body = validate(subscriptionActionSchema, await readJsonBody(request, 1024));
  if (!isSubscriptionId(params.id)) throw new NotFoundError('no such subscription');
  return json({ subscription: await actOnSubscription(db, locale, owner, params.id, body) });
});

export const ALL = methodNotAllowed(['POST']);
