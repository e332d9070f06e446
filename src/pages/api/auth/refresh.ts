/**
 * POST /api/auth/refresh (docs/product/api.md#account-refresh): { refresh_token } or the refresh cookie → a new
 * token pair (rotated; cookies set) and the user; 401 when invalid, expired or reused (reuse revokes the family).
 */
import { methodNotAllowed } from '#server/http/endpoint.ts';
import { refresh } from '#server/auth/account-service.ts';
import { refreshEndpoint } from '#server/auth/auth-endpoints.ts';

export const prerender = false;
export const POST = refreshEndpoint(refresh);
export const ALL = methodNotAllowed(['POST']);
