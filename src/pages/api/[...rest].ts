/** Any other /api/* path: a JSON 404, never the storefront's HTML not-found page. */
import type { APIRoute } from 'astro';
import { errorResponse } from '#server/http/endpoint.ts';

export const prerender = false;

export const ALL: APIRoute = () => errorResponse(404, 'not_found', 'no such API endpoint');
