/** GET /api/widget-by-slug/{slug} (docs/product/api.md#widget-by-slug): content (sanitized) and hidden, for the six layout widgets. */
import type { APIRoute } from 'astro';
import { widgetSlugSchema } from '#lib/api/content-contracts.ts';
import { DomainError } from '#lib/errors/domain-errors.ts';
import { endpoint, methodNotAllowed, json, requireStore } from '#server/http/endpoint.ts';
import { widgetBySlug } from '#server/content/content-service.ts';
import { getDb } from '#server/db/connection.ts';

export const prerender = false;

export const GET: APIRoute = endpoint(async ({ url, params }) => {
  const { locale } = requireStore(url);
  const slug = widgetSlugSchema.safeParse(params.slug);
  if (!slug.success) throw new DomainError('unknown_widget', 'no widget with this slug');
  const widget = await widgetBySlug(getDb(), locale, slug.data);
  if (!widget) throw new DomainError('unknown_widget', 'no widget with this slug in this storefront');
  return json(widget);
});

export const ALL = methodNotAllowed(['GET']);
