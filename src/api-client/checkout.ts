/**
 * Checkout calls of the browser (docs/product/checkout.md). Every answer is the whole CheckoutView the
 * server priced; a refused call carries `{ error: { code, message } }` with a message to show. Contract
 * types only (import type): zod stays out of the checkout bundle.
 */
import type { CheckoutView, OpenCheckoutRequest, PlaceOrderResponse, UpdateCheckoutRequest } from '#lib/api/checkout-contracts.ts';
import { API_PATHS } from '#lib/api/paths.ts';
import { getJson, postJson, type ApiAnswer } from './http.ts';

/** A refused or failed call: status 0 and code `offline` when no answer arrived at all. */
export interface CheckoutFailure {
  ok: false;
  status: number;
  code: string;
  message: string;
  /** The checkout field a refusal is about, when the server names one. */
  field?: string;
}
export type CheckoutResult<T> = { ok: true; data: T } | CheckoutFailure;

interface ErrorBody {
  error?: { code?: unknown; message?: unknown; field?: unknown };
}

function result<T>(answer: ApiAnswer<unknown>): CheckoutResult<T> {
  if (answer.ok && answer.data !== undefined) return { ok: true, data: answer.data as T };
  const error = (answer.data as ErrorBody | undefined)?.error;
  return {
    ok: false,
    status: answer.status,
    code: typeof error?.code === 'string' ? error.code : 'unknown',
    message: typeof error?.message === 'string' ? error.message : '',
    ...(typeof error?.field === 'string' ? { field: error.field } : {}),
  };
}

async function call<T>(request: () => Promise<ApiAnswer<unknown>>): Promise<CheckoutResult<T>> {
  try {
    return result<T>(await request());
  } catch {
    return { ok: false, status: 0, code: 'offline', message: '' };
  }
}

/** POST /api/checkout: opens a checkout for the cart, or updates the open one named by checkout_id. */
export const openCheckout = (body: OpenCheckoutRequest) => call<CheckoutView>(() => postJson(API_PATHS.checkout.open, body));

/** GET /api/checkout/{id}: a reload or a second tab resumes the same checkout. */
export const getCheckout = (id: string) => call<CheckoutView>(() => getJson(API_PATHS.checkout.one(id), undefined, { cache: 'no-store' }));

/** POST /api/checkout/{id}: any part (customer fields, shipping, service point, payment, lines, coupons). */
export const updateCheckout = (id: string, body: UpdateCheckoutRequest) =>
  call<CheckoutView>(() => postJson(API_PATHS.checkout.one(id), body));

/** POST /api/checkout/{id}/place: the browser then goes to redirect_url (confirmation or a provider's page). */
export const placeOrder = (id: string) =>
  call<PlaceOrderResponse>(() => postJson(API_PATHS.checkout.place(id), { terms_accepted: true } satisfies { terms_accepted: true }));
