/** Any other /api/* path: a JSON 404, never the storefront's HTML not-found page. */
import type { APIRoute } from 'astro';
import { NotFoundError } from '#lib/errors/domain-errors.ts';
import { endpoint } from '#server/http/endpoint.ts';

export const prerender = false;

export const ALL: APIRoute = endpoint(() => {
  throw new NotFoundError('no such API endpoint');
});
