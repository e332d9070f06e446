/**
 * POST /api/auth/login (docs/product/api.md#account-login): { email, password } → { access_token, refresh_token,
 * expires_in, user } and the session cookies; 401 on bad credentials, 429 after too many failures (per IP,
 * per e-mail) or while too many passwords are being checked at once.
 */
import { loginRequestSchema } from '#lib/api/auth-contracts.ts';
import { methodNotAllowed } from '#server/http/endpoint.ts';
import { login, normalEmail } from '#server/auth/account-service.ts';
import { loginEndpoint } from '#server/auth/auth-endpoints.ts';

export const prerender = false;
export const POST = loginEndpoint(
  'auth-login',
  loginRequestSchema,
  (db, body) => login(db, body.email, body.password),
  'wrong email or password',
  'invalid_credentials',
  (body) => `email:${normalEmail(body.email)}`,
);
export const ALL = methodNotAllowed(['POST']);
