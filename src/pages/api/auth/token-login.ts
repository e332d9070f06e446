/**
 * POST /api/auth/token-login (docs/product/api.md#token-login): { token } of a login link → a session like login
 * (cookies, tokens, user). The token works once and for 15 minutes; otherwise 401 invalid_token.
 */
import { tokenLoginRequestSchema } from '#lib/api/auth-contracts.ts';
import { methodNotAllowed } from '#server/http/endpoint.ts';
import { loginEndpoint } from '#server/auth/auth-endpoints.ts';
import { loginWithToken } from '#server/auth/account-links.ts';

export const prerender = false;
export const POST = loginEndpoint(
  'auth-token-login',
  tokenLoginRequestSchema,
  (db, body) => loginWithToken(db, body.token),
  'the login link is invalid, expired or already used',
  'invalid_token',
);
export const ALL = methodNotAllowed(['POST']);
