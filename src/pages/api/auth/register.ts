/**
 * POST /api/auth/register (docs/product/api.md#register): { email, name } → 202 { status: "accepted" }. A new
 * account (no password yet) gets the set-password e-mail; an e-mail that has an account gets nothing, and the
 * answer is the same, so nobody learns which addresses have accounts. Rate-limited per IP.
 */
import type { APIContext } from 'astro';
import { registerRequestSchema } from '#lib/api/auth-contracts.ts';
import { json, methodNotAllowed, readJsonBody, requireStore, validate } from '#server/http/endpoint.ts';
import { limitedEndpoint } from '#server/http/rate-limit.ts';
import { getDb } from '#server/db/connection.ts';
import { ipOf, requestLimiter } from '#server/auth/auth-endpoints.ts';
import { registerAccount } from '#server/auth/account-links.ts';

export const prerender = false;
const limit = requestLimiter('auth-register');

export const POST = limitedEndpoint(async (ctx: APIContext) => {
  const { locale } = requireStore(ctx.url);
  await limit(ipOf(ctx));
  const body = validate(registerRequestSchema, await readJsonBody(ctx.request, 4096));
  await registerAccount(getDb(), locale, body.email, body.name);
  return json({ status: 'accepted' }, 202);
});

export const ALL = methodNotAllowed(['POST']);
