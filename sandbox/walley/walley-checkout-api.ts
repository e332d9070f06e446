/**
 * Walley's token endpoint and Checkout API: POST /oauth2/v2.0/token (client credentials, form body),
 * POST /checkouts (Initialize Checkout), GET /checkouts/{privateId} (Get Checkout Information).
 * Amounts are decimals incl. VAT; the emulator keeps minor units and answers decimals.
 */
import { formatMinorUnits, toMinorUnits } from '#lib/pricing/minor-units.ts';
import type { ApiAnswer } from '../shared/http-io.ts';
import { token } from '../shared/ids.ts';
import type { WalleyContext } from './walley-context.ts';
import { notFound, validationError, walleyError } from './walley-errors.ts';
import { initCheckoutRequest, tokenRequest } from './walley-request-schemas.ts';
import type { Checkout } from './walley-store.ts';
import { WALLEY_CLIENT, WALLEY_STORES } from './walley-test-data.ts';

const TOKEN_SECONDS = 3599;
export const decimal = (minor: number): number => Number(formatMinorUnits(minor));

/** Azure AD B2C answers a bad client with 401 `{ error: "invalid_client", error_description }`. */
export function issueToken(ctx: WalleyContext, form: URLSearchParams): ApiAnswer {
  const input = tokenRequest.safeParse(Object.fromEntries(form));
  if (!input.success)
    return {
      status: 400,
      body: { error: 'invalid_request', error_description: input.error.issues.map((i) => i.path.join('.')).join(', ') },
    };
  const { client_id, client_secret, scope } = input.data;
  if (client_id !== WALLEY_CLIENT.clientId || client_secret !== WALLEY_CLIENT.clientSecret) {
    return { status: 401, body: { error: 'invalid_client', error_description: 'AADB2C90081: The client credentials are not valid' } };
  }
  if (scope !== WALLEY_CLIENT.scope) return { status: 400, body: { error: 'invalid_scope', error_description: `Unknown scope ${scope}` } };
  const value = token(32);
  ctx.tokens.set(value, Date.now() + TOKEN_SECONDS * 1000);
  return { status: 200, body: { token_type: 'Bearer', expires_in: TOKEN_SECONDS, ext_expires_in: TOKEN_SECONDS, access_token: value } };
}

export function initializeCheckout(ctx: WalleyContext, body: unknown): ApiAnswer {
  const input = initCheckoutRequest.safeParse(body);
  if (!input.success) return validationError(input.error);
  const request = input.data;
  const store = WALLEY_STORES[request.storeId];
  if (!store)
    return walleyError(403, 'Forbidden', [{ reason: 'Forbidden', message: `Store ${request.storeId} is not one of this client's stores` }]);
  if (store.countryCode !== request.countryCode) {
    return walleyError(400, 'Bad request', [
      {
        reason: 'Validation_Error',
        message: `countryCode ${request.countryCode} does not match store ${request.storeId} (${store.countryCode})`,
      },
    ]);
  }
  const items = [...request.cart.items, ...(request.fees?.shipping ? [{ ...request.fees.shipping, quantity: 1 }] : [])];
  const totalMinor = items.reduce((sum, i) => sum + toMinorUnits(i.unitPrice) * i.quantity, 0);
  if (totalMinor <= 0) return walleyError(400, 'Bad request', [{ reason: 'Validation_Error', message: 'The cart total must be positive' }]);
  const checkout = ctx.store.createCheckout(request, store.currency, totalMinor);
  const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
  return {
    status: 200,
    body: { id: token(12), data: { privateId: checkout.privateId, publicToken: checkout.publicToken, expiresAt }, error: null },
  };
}

export function readCheckout(ctx: WalleyContext, privateId: string): ApiAnswer {
  const checkout = ctx.store.checkouts.get(privateId);
  if (!checkout) return notFound(`No checkout with private id ${privateId}`);
  return { status: 200, body: { id: token(12), data: checkoutView(ctx, checkout), error: null } };
}

function checkoutView(ctx: WalleyContext, c: Checkout) {
  const p = c.request.privateCustomerPrefill;
  const person = c.purchase?.person;
  return {
    customerType: 'PrivateCustomer',
    customer: person
      ? {
          email: p?.email ?? null,
          mobilePhoneNumber: p?.mobilePhoneNumber ?? null,
          deliveryAddress: {
            firstName: person.firstName,
            lastName: person.lastName,
            address: p?.deliveryAddress?.address ?? null,
            postalCode: p?.deliveryAddress?.postalCode ?? null,
            city: p?.deliveryAddress?.city ?? null,
          },
        }
      : null,
    businessCustomer: null,
    countryCode: c.request.countryCode,
    currency: c.currency,
    status: c.status,
    reference: c.request.reference ?? null,
    cart: { totalAmount: decimal(c.totalMinor), items: c.request.cart.items },
    fees: c.request.fees ?? null,
    purchase: c.purchase
      ? {
          amountToPay: decimal(c.totalMinor),
          paymentName: 'DirectInvoice',
          invoiceDeliveryMethod: 'Email',
          purchaseIdentifier: c.purchase.purchaseIdentifier,
          result: c.purchase.result,
        }
      : null,
    order: c.orderId ? { orderId: c.orderId, totalAmount: decimal(ctx.store.orders.get(c.orderId)?.totalMinor ?? c.totalMinor) } : null,
  };
}
