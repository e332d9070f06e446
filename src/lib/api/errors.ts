/**
 * The one error vocabulary of the API, the admin routes and the HTTP host (docs/product/api.md#errors):
 * every error answer is `{ "error": { "code", "message" } }` with one of these codes. A new code is added
 * here, with the status it normally goes with, and documented in docs/product/api.md.
 */
import { z } from 'zod';

export const API_ERROR_STATUS = {
  bad_json: 400,
  bad_locale: 400,
  invalid_request: 400,
  /** A page route's own 4xx, answered as JSON under /api/* by the error boundary. */
  request_error: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  invalid_token: 401,
  /** The request needs a consent the visitor has not given (experiment events without statistics consent). */
  consent_required: 403,
  /** A back-office request its staff member's role may not make, or a form without a valid CSRF token or from another origin. */
  forbidden: 403,
  not_found: 404,
  unknown_widget: 404,
  method_not_allowed: 405,
  /** The Host is not one of this server's storefronts (answered by the HTTP host). */
  misdirected_request: 421,
  rebuild_running: 409,
  /** Another save of the same draft came in after the one the editor started from (the studio's version check). */
  conflict: 409,
  /** The server's total changed since the shopper last saw it: show the new total and ask again. */
  price_changed: 409,
  out_of_stock: 409,
  /** The record (an order, its payment, a subscription …) is not in a state that allows this step. */
  invalid_transition: 409,
  /** The order cannot be returned this way now: not delivered yet, the period is over, or a business buyer withdrawing. */
  return_not_allowed: 409,
  /** A provider refused the operation (a capture or booking it answered with a 4xx): nothing was changed. */
  provider_refused: 502,
  body_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  /** A payment provider is down, slow or answered 5xx: nothing was charged, the shopper may try again. */
  provider_unavailable: 503,
  /** The database cannot be reached right now (restarting, down, busy): nothing was done; try again after Retry-After. */
  service_unavailable: 503,
} as const;

export type ApiErrorCode = keyof typeof API_ERROR_STATUS;
export const API_ERROR_CODES = Object.keys(API_ERROR_STATUS) as ApiErrorCode[];

/** `field` names the request field a 400 is about, where there is one (a refused place order, say). */
export const apiErrorSchema = z.object({
  error: z.object({ code: z.enum(API_ERROR_CODES), message: z.string(), field: z.string().optional() }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** The error body, built in this one place. */
export function errorBody(code: ApiErrorCode, message: string, field?: string): ApiError {
  return { error: field ? { code, message, field } : { code, message } };
}
