/**
 * The two create calls of a Klarna hosted payment: the Klarna Payments session (the cart) and the
 * Hosted Payment Page session that shows it. The HPP places the order itself on approval
 * (`place_order_mode: PLACE_ORDER`): the order id is then on the HPP session, readable by id alone,
 * so the shop never has to hold the cart again to turn an authorization_token into an order.
 */
import type { CreatePaymentInput } from '../payment-provider.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { klarnaOrderData } from './order-lines.ts';

const MARKET: Record<LocaleCode, { country: string; locale: string }> = {
  sv: { country: 'SE', locale: 'sv-SE' },
  no: { country: 'NO', locale: 'nb-NO' },
  da: { country: 'DK', locale: 'da-DK' },
  fi: { country: 'FI', locale: 'fi-FI' },
  nl: { country: 'NL', locale: 'nl-NL' },
};

export function paymentSessionBody(input: CreatePaymentInput): Record<string, unknown> {
  const { country, locale } = MARKET[input.locale];
  const c = input.customer;
  return {
    acquiring_channel: 'ECOMMERCE',
    intent: 'buy',
    purchase_country: country,
    purchase_currency: input.currency,
    locale,
    ...klarnaOrderData(input),
    merchant_reference1: input.reference,
    merchant_reference2: input.checkoutId,
    billing_address: {
      given_name: c.firstName,
      family_name: c.lastName,
      email: c.email,
      phone: c.mobile,
      street_address: c.street,
      postal_code: c.postalCode,
      city: c.city,
      country: c.countryCode,
      ...(c.companyName ? { organization_name: c.companyName } : {}),
    },
    customer:
      c.type === 'business'
        ? { type: 'organization', ...(c.organisationNumber ? { organization_registration_id: c.organisationNumber } : {}) }
        : { type: 'person' },
  };
}

/**
 * merchant_urls with HPP's placeholders ({{session_id}}, {{authorization_token}}), filled in by Klarna
 * when it redirects or calls back. Appended raw: URL-encoding would hide the braces from Klarna.
 */
export function hppSessionBody(input: CreatePaymentInput, paymentSessionUrl: string): Record<string, unknown> {
  const sid = 'sid={{session_id}}';
  return {
    payment_session_url: paymentSessionUrl,
    merchant_urls: {
      success: withQuery(input.returnUrl, `${sid}&authorization_token={{authorization_token}}`),
      failure: withQuery(input.returnUrl, sid),
      error: withQuery(input.returnUrl, sid),
      cancel: withQuery(input.cancelUrl, sid),
      back: withQuery(input.cancelUrl, sid),
      // Unsigned: verifyNotification reads the session back instead of trusting the body.
      status_update: withQuery(input.notificationUrl, sid),
    },
    options: { place_order_mode: 'PLACE_ORDER', purchase_type: 'BUY' },
  };
}

function withQuery(url: string, query: string): string {
  const hash = url.indexOf('#');
  const [base, fragment] = hash < 0 ? [url, ''] : [url.slice(0, hash), url.slice(hash)];
  return `${base}${base.includes('?') ? '&' : '?'}${query}${fragment}`;
}
