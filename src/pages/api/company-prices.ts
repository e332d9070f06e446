/**
 * POST /api/company-prices (docs/product/api.md#company-prices): { skus } → the logged-in caller's own company terms
 * for them (401 without a login; `company: null` for a customer of no company in this storefront).
 */
import type { APIRoute } from 'astro';
import { companyPricesRequestSchema } from '#lib/api/company-price-contracts.ts';
import { UnauthorizedError } from '#lib/errors/domain-errors.ts';
import { endpoint, json, methodNotAllowed, readJsonBody, requireStore, validate } from '#server/http/endpoint.ts';
import { getDb } from '#server/db/connection.ts';
import { customerOf } from '#server/auth/account-service.ts';
import { memberPriceView } from '#server/company/company-prices.ts';

export const prerender = false;

export const POST: APIRoute = endpoint(async ({ request, url }) => {
  const { locale } = requireStore(url);
  const db = getDb();
  const user = await customerOf(db, request.headers);
  if (!user) throw new UnauthorizedError('log in to see your company prices');
  const body = validate(companyPricesRequestSchema, await readJsonBody(request, 16_000));
  return json({ company: await memberPriceView(db, user.id, locale, body.skus) });
});

export const ALL = methodNotAllowed(['POST']);
