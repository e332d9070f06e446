/**
 * GET /content/api/link-targets?locale=sv&q=filt on the admin host (docs/product/content-studio.md#internal-links):
 * the studio's internal-link picker; staff with content.edit → `{ targets: [{ ref, kind, label, path }] }`.
 */
import type { APIRoute } from 'astro';
import { z } from 'zod';
import { LOCALE_CODES } from '#lib/market/locales.ts';
import { endpoint, json, methodNotAllowed, queryObject, validate } from '#server/http/endpoint.ts';
import { getDb } from '#server/db/connection.ts';
import { requireStaffJson } from '#server/staff/staff-guard.ts';
import { searchLinkTargets } from '#server/content/link-targets.ts';

export const prerender = false;

const querySchema = z.object({
  locale: z.enum(LOCALE_CODES),
  q: z.string().max(100).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const GET: APIRoute = endpoint(async (ctx) => {
  const access = await requireStaffJson(ctx, 'content.edit');
  if (access instanceof Response) return access;
  const { locale, q, limit } = validate(querySchema, queryObject(ctx.url));
  const targets = await searchLinkTargets(getDb(), locale, q, limit);
  return json({ targets });
});

export const ALL = methodNotAllowed(['GET']);
