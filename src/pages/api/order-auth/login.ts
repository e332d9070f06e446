/**
 * POST /api/order-auth/login (docs/product/api.md#guest-order-login): { order_id, email } or { order_id, postal_code }
 * → { access_token, refresh_token, user: { scope: 'my-order', order_id } }. Rate-limited per IP; the postal-code
 * way also per order number (a postal code has few values, docs/product/accounts.md#rate-limits).
 */
import { orderLoginRequestSchema } from '#lib/api/auth-contracts.ts';
import { orderNumberOf } from '#lib/orders/order-number.ts';
import { methodNotAllowed } from '#server/http/endpoint.ts';
import { orderLogin } from '#server/auth/guest-order-login.ts';
import { loginEndpoint } from '#server/auth/auth-endpoints.ts';

export const prerender = false;
export const POST = loginEndpoint(
  'order-auth-login',
  orderLoginRequestSchema,
  (db, body) => orderLogin(db, body.order_id, body.email !== undefined ? { email: body.email } : { postalCode: body.postal_code ?? '' }),
  'no order with that number and e-mail',
  'invalid_credentials',
  (body) => (body.email === undefined ? `my-order:${orderNumberOf(body.order_id) ?? body.order_id}` : undefined),
);
export const ALL = methodNotAllowed(['POST']);
