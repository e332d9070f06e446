/**
 * POST /api/auth/set-password (docs/product/api.md#set-password): { token, password } with the token of a
 * set-password (48 h) or reset (1 h) e-mail → the password is stored, the customer's other sessions end, and
 * a new session starts (like login). The token works once; otherwise 401 invalid_token.
 */
import { setPasswordRequestSchema } from '#lib/api/auth-contracts.ts';
import { methodNotAllowed } from '#server/http/endpoint.ts';
import { loginEndpoint } from '#server/auth/auth-endpoints.ts';
import { setPasswordWithToken } from '#server/auth/account-links.ts';

export const prerender = false;
export const POST = loginEndpoint(
  'auth-set-password',
  setPasswordRequestSchema,
  (db, body) => setPasswordWithToken(db, body.token, body.password),
  'the link is invalid, expired or already used',
  'invalid_token',
);
export const ALL = methodNotAllowed(['POST']);
