/**
 * POST /api/auth/forgot-password (docs/product/api.md#forgot-password): { email } → always 202
 * { status: "accepted" }; if the e-mail has an account, a one-time reset link (1 h) is mailed to it. Rate-limited.
 */
import type { APIContext } from 'astro';
import { forgotPasswordRequestSchema } from '#lib/api/auth-contracts.ts';
import { json, methodNotAllowed, readJsonBody, requireStore, validate } from '#server/http/endpoint.ts';
import { limitedEndpoint } from '#server/http/rate-limit.ts';
import { getDb } from '#server/db/connection.ts';
import { ipOf, requestLimiter } from '#server/auth/auth-endpoints.ts';
import { requestPasswordReset } from '#server/auth/account-links.ts';

export const prerender = false;
const limit = requestLimiter('auth-forgot-password');

export const POST = limitedEndpoint(async (ctx: APIContext) => {
  const { locale } = requireStore(ctx.url);
  await limit(ipOf(ctx));
  const body = validate(forgotPasswordRequestSchema, await readJsonBody(ctx.request, 4096));
  await requestPasswordReset(getDb(), locale, body.email);
  return json({ status: 'accepted' }, 202);
});

export const ALL = methodNotAllowed(['POST']);
