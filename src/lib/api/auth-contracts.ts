/** Both authentication strategies: myAccount (/api/auth/*) and myOrder (/api/order-auth/*) (docs/product/accounts.md). */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------------
// myAccount auth (docs/product/api.md#authentication-endpoints): POST /api/auth/login, POST /api/auth/refresh,
// POST /api/auth/logout, GET /api/auth/profile, and the one-time-link flows below. Tokens live 3600 s. Login and
// refresh set them as httpOnly cookies (what the browser uses) and also answer them for API callers, who send
// the access token as `Authorization: Bearer …` and the refresh token in the body.

export const loginRequestSchema = z.object({ email: z.string().trim().min(3).max(254), password: z.string().min(1).max(256) });
export type LoginRequest = z.infer<typeof loginRequestSchema>;
/** The refresh token in the body (API callers) or, when absent, the refresh cookie (browsers). */
export const refreshRequestSchema = z.object({ refresh_token: z.string().min(1).max(1024).optional() });
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

/** User (docs/product/accounts.md#user): the discount map is percent per discount category. */
export const authUserSchema = z.object({ id: z.number(), email: z.string(), name: z.string(), discount: z.record(z.string(), z.number()) });
export type AuthUser = z.infer<typeof authUserSchema>;
export const authResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number(),
  user: authUserSchema,
});
export type AuthResponse = z.infer<typeof authResponseSchema>;
/** GET /api/auth/profile answers `{ user }`. */
export const profileResponseSchema = z.object({ user: authUserSchema });
// ---------------------------------------------------------------------------------------------------
// myOrder auth (docs/product/api.md#authentication-endpoints): guest access to ONE order. POST /api/order-auth/login with the order number
// and the e-mail it was placed with (or the postal code of its address), POST /api/order-auth/refresh, GET /api/order-auth/info.

export const orderLoginRequestSchema = z
  .object({
    order_id: z.union([z.string(), z.number().int()]).transform(String).pipe(z.string().trim().min(1).max(64)),
    email: z.string().trim().min(3).max(254).optional(),
    /** Instead of the e-mail: the postal code of the order's address, spaces and case as typed (docs/product/legal.md). */
    postal_code: z.string().trim().min(3).max(16).optional(),
  })
  .refine((b) => b.email !== undefined || b.postal_code !== undefined, { message: 'email or postal_code is required', path: ['email'] });
export type OrderLoginRequest = z.input<typeof orderLoginRequestSchema>;
/** User (docs/product/accounts.md#user) for guest-order users: scope and order_id. */
export const orderUserSchema = z.object({ scope: z.literal('my-order'), order_id: z.string(), email: z.string() });
export type OrderUser = z.infer<typeof orderUserSchema>;
export const orderAuthResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number(),
  user: orderUserSchema,
});
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

// ---------------------------------------------------------------------------------------------------
// Account creation and passwords (docs/product/accounts.md#one-time-links). Requests that mail a link answer
// 202 `{ "status": "accepted" }` whether or not the e-mail has an account (nobody can probe for accounts).

export const PASSWORD_MIN_LENGTH = 8;
const password = z.string().min(PASSWORD_MIN_LENGTH).max(256);
const email = z.string().trim().toLowerCase().pipe(z.email().max(254));
/** One-time tokens are 43 base64url characters; anything else is refused before any lookup. */
const oneTimeToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** POST /api/auth/register: a new account without a password; the set-password link is mailed. */
export const registerRequestSchema = z.object({ email, name: z.string().trim().min(1).max(120) });
/** POST /api/auth/forgot-password: a password-reset link is mailed if the account exists. */
export const forgotPasswordRequestSchema = z.object({ email });
/** POST /api/auth/login-link: a one-time login link is mailed if the account exists. */
export const loginLinkRequestSchema = z.object({ email });
/** POST /api/auth/token-login: signs in with a one-time login link's token (the `token` query). */
export const tokenLoginRequestSchema = z.object({ token: oneTimeToken });
/** POST /api/auth/set-password: a set-password or reset link's token and the new password; signs in. */
export const setPasswordRequestSchema = z.object({ token: oneTimeToken, password });
/** POST /api/auth/change-password (logged in): the current password (or a set-password/reset token) and the new one. */
export const changePasswordRequestSchema = z
  .object({ current_password: z.string().min(1).max(256).optional(), token: oneTimeToken.optional(), password })
  .refine((b) => b.current_password !== undefined || b.token !== undefined, { message: 'current_password or token is required' });
export const acceptedResponseSchema = z.object({ status: z.literal('accepted') });
export type RegisterRequest = z.input<typeof registerRequestSchema>;
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;
export type SetPasswordRequest = z.input<typeof setPasswordRequestSchema>;
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;
