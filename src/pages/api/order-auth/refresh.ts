/** POST /api/order-auth/refresh (docs/product/api.md#guest-order-refresh): { refresh_token } of a guest order → a new token pair; 401 otherwise. */
import { methodNotAllowed } from '#server/http/endpoint.ts';
import { orderRefresh } from '#server/auth/guest-order-login.ts';
import { refreshEndpoint } from '#server/auth/auth-endpoints.ts';

export const prerender = false;
export const POST = refreshEndpoint(orderRefresh);
export const ALL = methodNotAllowed(['POST']);
