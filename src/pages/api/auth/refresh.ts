/** POST /api/auth/refresh (docs/product/api.md#account-refresh): { refresh_token } → a new token pair and the user; 401 when invalid or expired. */
import { methodNotAllowed } from '#server/http/endpoint.ts';
import { refresh } from '#server/auth/account-service.ts';
import { refreshEndpoint } from '#server/auth/auth-endpoints.ts';

export const prerender = false;
export const POST = refreshEndpoint(refresh);
export const ALL = methodNotAllowed(['POST']);
