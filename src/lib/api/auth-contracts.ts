/** Both authentication strategies: myAccount (/api/auth/*) and myOrder (/api/order-auth/*) (docs/product/accounts.md). */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------------
// myAccount auth (docs/product/api.md#authentication-endpoints): POST /api/auth/login, POST /api/auth/refresh, GET /api/auth/profile.
// Tokens live 3600 s; send the access token as `Authorization: Bearer …` (profile, and sync-cart /
// sync-coupons for the customer's discounts and CUSTOMERDISCOUNT).

export const loginRequestSchema = z.object({ email: z.string().trim().min(3).max(254), password: z.string().min(1).max(256) });
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export const refreshRequestSchema = z.object({ refresh_token: z.string().min(1).max(1024) });
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

/** User (docs/product/accounts.md#user): the discount map is percent per discount category. */
export const authUserSchema = z.object({ id: z.number(), email: z.string(), name: z.string(), discount: z.record(z.string(), z.number()) });
export type AuthUser = z.infer<typeof authUserSchema>;
export const authResponseSchema = z.object({ access_token: z.string(), refresh_token: z.string(), user: authUserSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;
/** GET /api/auth/profile answers `{ user }`. */
export const profileResponseSchema = z.object({ user: authUserSchema });
// ---------------------------------------------------------------------------------------------------
// myOrder auth (docs/product/api.md#authentication-endpoints): guest access to ONE order. POST /api/order-auth/login with the order number
// and the e-mail it was placed with, POST /api/order-auth/refresh, GET /api/order-auth/info.

export const orderLoginRequestSchema = z.object({
  order_id: z.union([z.string(), z.number().int()]).transform(String).pipe(z.string().trim().min(1).max(64)),
  email: z.string().trim().min(3).max(254),
});
export type OrderLoginRequest = z.input<typeof orderLoginRequestSchema>;
/** User (docs/product/accounts.md#user) for guest-order users: scope and order_id. */
export const orderUserSchema = z.object({ scope: z.literal('my-order'), order_id: z.string(), email: z.string() });
export type OrderUser = z.infer<typeof orderUserSchema>;
export const orderAuthResponseSchema = z.object({ access_token: z.string(), refresh_token: z.string(), user: orderUserSchema });
export type OrderAuthResponse = z.infer<typeof orderAuthResponseSchema>;
export const orderLineSchema = z.object({ sku: z.string(), name: z.string(), quantity: z.number(), price: z.number() });
/** GET /api/order-auth/info answers `{ user, order }`. */
export const orderInfoResponseSchema = z.object({
  user: orderUserSchema,
  order: z.object({
    id: z.string(),
    locale: z.string(),
    status: z.string(),
    currency: z.string(),
    total: z.number(),
    created_at: z.string(),
    items: z.array(orderLineSchema),
  }),
});
export type OrderInfoResponse = z.infer<typeof orderInfoResponseSchema>;
