/** POST /content/api/draft on the back office: the studio editor's autosave (docs/product/content-studio.md#autosave). */
import type { APIRoute } from 'astro';
import { studioDraftApi } from '#server/backoffice/content-studio.ts';
import { endpoint, methodNotAllowed } from '#server/http/endpoint.ts';

export const prerender = false;

export const POST: APIRoute = endpoint((ctx) => studioDraftApi(ctx));
export const ALL = methodNotAllowed(['POST']);
