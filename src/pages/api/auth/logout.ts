/**
 * POST /api/auth/logout (docs/product/api.md#logout): ends the session of either strategy — the refresh family of
 * the refresh cookie, of an optional { refresh_token } body and of the access token is revoked, the cookies are
 * cleared. Always 200 { status: "logged_out" } (logging out twice is no error).
 */
import type { APIContext } from 'astro';
import { refreshRequestSchema } from '#lib/api/auth-contracts.ts';
import { endpoint, json, methodNotAllowed, readJsonBody, requireStore, validate } from '#server/http/endpoint.ts';
import { getDb } from '#server/db/connection.ts';
import { endSession } from '#server/auth/sessions.ts';
import { accessTokenOf, clearSessionCookies, REFRESH_COOKIE } from '#server/auth/visitor.ts';
import { verifyToken } from '#server/auth/tokens.ts';

export const prerender = false;

export const POST = endpoint(async (ctx: APIContext) => {
  requireStore(ctx.url);
  const hasBody = Number(ctx.request.headers.get('content-length') ?? '0') > 0;
  const body = hasBody ? validate(refreshRequestSchema, await readJsonBody(ctx.request, 4096)) : {};
  const access = accessTokenOf(ctx.request, ctx.cookies);
  const claims = access ? (verifyToken(access, 'access') ?? verifyToken(access, 'access', Date.now(), 'my-order')) : undefined;
  await endSession(getDb(), body.refresh_token ?? ctx.cookies.get(REFRESH_COOKIE)?.value, claims?.fam);
  clearSessionCookies(ctx.cookies, ctx.request);
  return json({ status: 'logged_out' });
});

export const ALL = methodNotAllowed(['POST']);
