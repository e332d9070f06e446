/** GET /api/subscriptions (docs/product/api.md#subscriptions): the logged-in customer's subscriptions in this storefront. */
import type { APIRoute } from 'astro';
import { endpoint, json, methodNotAllowed, requireStore } from '#server/http/endpoint.ts';
import { getDb } from '#server/db/connection.ts';
import { subscriptionsOf } from '#server/subscriptions/customer-subscriptions.ts';
import { requireSubscriber } from '#server/subscriptions/subscriber.ts';

export const prerender = false;

export const GET: APIRoute = endpoint(async ({ request, url, cookies }) => {
  const { locale } = requireStore(url);
  const db = getDb();
  const owner = await requireSubscriber(db, request, cookies);
  return json({ subscriptions: await subscriptionsOf(db, locale, owner) });
});

export const ALL = methodNotAllowed(['GET']);
