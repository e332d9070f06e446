/**
 * POST /api/auth/login-link (docs/product/api.md#login-link): { email } → always 202 { status: "accepted" }; if the
 * e-mail has an account, a one-time login link (15 min, `?token=` on the storefront) is mailed. Rate-limited.
 */
import type { APIContext } from 'astro';
import { loginLinkRequestSchema } from '#lib/api/auth-contracts.ts';
import { json, methodNotAllowed, readJsonBody, requireStore, validate } from '#server/http/endpoint.ts';
import { limitedEndpoint } from '#server/http/rate-limit.ts';
import { getDb } from '#server/db/connection.ts';
import { ipOf, requestLimiter } from '#server/auth/auth-endpoints.ts';
import { requestLoginLink } from '#server/auth/account-links.ts';

export const prerender = false;
const limit = requestLimiter('auth-login-link');

export const POST = limitedEndpoint(async (ctx: APIContext) => {
  const { locale } = requireStore(ctx.url);
  await limit(ipOf(ctx));
  const body = validate(loginLinkRequestSchema, await readJsonBody(ctx.request, 4096));
  await requestLoginLink(getDb(), locale, body.email);
  return json({ status: 'accepted' }, 202);
});

export const ALL = methodNotAllowed(['POST']);
