/** POST /content/api/draft on the back office: the studio editor's autosave (docs/product/content-studio.md#autosave). */
import type { APIRoute } from 'astro';
import { studioDraftApi } from '#server/backoffice/content-studio.ts';

export const prerender = false;

export const ALL: APIRoute = (ctx) => studioDraftApi(ctx);
