/**
 * The one error path (docs/product/errors.md#domain-errors): services refuse by throwing a DomainError that
 * names one code of the API's error vocabulary (src/lib/api/errors.ts), the message the caller reads and, where
 * there is one, the request field it is about. The thrower never picks an HTTP status: the code's status is
 * API_ERROR_STATUS[code], answered by src/server/http/endpoint.ts.
 */
import { API_ERROR_STATUS, type ApiErrorCode } from '#lib/api/errors.ts';

export class DomainError extends Error {
  readonly code: ApiErrorCode;
  /** The request field the refusal is about, answered as `error.field`. */
  readonly field: string | undefined;
  constructor(code: ApiErrorCode, message: string, field?: string) {
    super(message);
    this.code = code;
    this.field = field;
  }

  /** The status its code goes with (API_ERROR_STATUS): what the API and the error page answer it with. */
  get status(): number {
    return API_ERROR_STATUS[this.code];
  }
}

/** A DomainError class of one fixed code, thrown as `new NotFoundError(message, field?)`. */
function refusalOf<C extends ApiErrorCode>(code: C) {
  return class extends DomainError {
    declare readonly code: C;
    constructor(message: string, field?: string) {
      super(code, message, field);
    }
  };
}

/** No such record (in this storefront, or of this owner). */
export class NotFoundError extends refusalOf('not_found') {}
/** Not signed in, or without a token that allows this. */
export class UnauthorizedError extends refusalOf('unauthorized') {}
/** A wrong e-mail, password or order number. */
export class InvalidCredentialsError extends refusalOf('invalid_credentials') {}
/** A refresh, reset or login token that is invalid, expired or already used. */
export class InvalidTokenError extends refusalOf('invalid_token') {}
/** Well-formed, but refused by the rules (a missing checkout field, an interval not offered …). */
export class InvalidRequestError extends refusalOf('invalid_request') {}
/** The record (an order, its payment, a subscription, a deal's product …) is not in a state that allows this step. */
export class InvalidTransitionError extends refusalOf('invalid_transition') {}
/** A return or withdrawal outside its period, before delivery, or while another request takes its turn. */
export class ReturnNotAllowedError extends refusalOf('return_not_allowed') {}
/** A rebuild is running: publish again when it is done. */
export class RebuildRunningError extends refusalOf('rebuild_running') {}

export class ConflictError extends refusalOf('conflict') {}
/** A line's quantity is no longer in stock. */
export class OutOfStockError extends refusalOf('out_of_stock') {}
/** The server's total differs from the amount the shopper (or the payment) agreed to. */
export class PriceChangedError extends refusalOf('price_changed') {}
/** A provider (payment, shipping, personalisation) is down, slow or answered 5xx: nothing was done, try again. */
export class ProviderUnavailableError extends refusalOf('provider_unavailable') {}
/** Too many attempts, or too many at once. */
export class RateLimitedError extends refusalOf('rate_limited') {}
/** The request needs a consent the visitor has not given. */
export class ConsentRequiredError extends refusalOf('consent_required') {}
/** A request body over its limit. */
export class BodyTooLargeError extends refusalOf('body_too_large') {}
/** No body, a body that is not JSON, or one with NUL characters. */
export class BadJsonError extends refusalOf('bad_json') {}
