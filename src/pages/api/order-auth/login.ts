/** POST /api/order-auth/login (docs/product/api.md#guest-order-login): { order_id, email } → { access_token, refresh_token, user: { scope: 'my-order', order_id } }. */
import { orderLoginRequestSchema } from '#lib/api/auth-contracts.ts';
import { methodNotAllowed } from '#server/http/endpoint.ts';
import { orderLogin } from '#server/auth/guest-order-login.ts';
import { loginEndpoint } from '#server/auth/auth-endpoints.ts';

export const prerender = false;
export const POST = loginEndpoint(
  'order-auth-login',
  orderLoginRequestSchema,
  (db, body) => orderLogin(db, body.order_id, body.email),
  'no order with that number and e-mail',
);
export const ALL = methodNotAllowed(['POST']);
