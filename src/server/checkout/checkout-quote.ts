/**
 * The server's price of a checkout at this moment (docs/product/checkout.md#totals): lines re-priced and
 * discounted by the cart service, shipping from the checkout's processor for its postal code, VAT per rate.
 * Everything in integer minor units; called at every step and again at completion.
 * A processor that keeps a session (Ingrid) has it recorded as the checkout's `shipping` session, on `c`
 * and in its row; one that cannot answer when nothing remembered fits is a retryable 503
 * `provider_unavailable` — the checkout as saved by the step stays (docs/product/checkout.md#shipping).
 */
import type { Db } from '#server/db/connection.ts';
import type { CartLineItem } from '#lib/api/cart-contracts.ts';
import type { Coupon } from '#lib/api/coupon-contracts.ts';
import type { CheckoutTotals } from '#lib/api/checkout-contracts.ts';
import { LOCALES } from '#lib/market/locales.ts';
import { multiplyMinor, toMinorUnits } from '#lib/pricing/minor-units.ts';
import { vatBreakdown } from '#lib/checkout/vat-breakdown.ts';
import { normalizePostalCode } from '#lib/checkout/address-rules.ts';
import { amountLeftForFreeShippingMinor, FREE_SHIPPING_THRESHOLD_MINOR } from '#lib/shipping/free-shipping.ts';
import { shippingUnavailableMessage } from '#lib/shipping/shipping-messages.ts';
import { ProviderUnavailableError } from '#lib/errors/domain-errors.ts';
import { syncCartService, type CartContext } from '#server/cart/cart-service.ts';
import { shippingProviderFor } from '#server/shipping/shipping-registry.ts';
import type { ServicePoint, ShippingOption, ShippingProvider } from '#server/shipping/shipping-provider.ts';
import { shippingAnswer, ShippingUnavailable, type ShippingAnswer, type ShippingAsk } from '#server/shipping/shipping-session.ts';
import { recordProviderSession, type CheckoutRecord } from './checkout-repository.ts';
import { quotedCart } from './quoted-cart.ts';
import { loggerFor } from '#server/telemetry/logger.ts';

const log = loggerFor('checkout');

/** Parcel weight per unit until products carry their own weight (a spare part ships in a padded bag or small box). */
export const GRAMS_PER_UNIT = 500;

export interface CheckoutQuote {
  items: CartLineItem[];
  coupons: Coupon[];
  lineTotalsMinor: number[];
  shippingOptions: ShippingOption[];
  shipping: ShippingOption | null;
  servicePoints: ServicePoint[];
  servicePoint: ServicePoint | null;
  /** The provider that priced the shipping ('eel', 'ingrid'): what served the checkout's processor. */
  shippingServedBy: string;
  totals: CheckoutTotals;
}

const lineMinor = (l: Pick<CartLineItem, 'price' | 'quantity'>) => multiplyMinor(toMinorUnits(l.price), l.quantity);

export async function quoteCheckout(db: Db, c: CheckoutRecord, ctx: CartContext = {}): Promise<CheckoutQuote> {
  // a checkout opened for a quote is priced at the quote's prices, checked at every step (docs/adr/0036-quotes.md)
  const priced = c.quoteId ? await quotedCart(db, c, ctx) : await syncCartService(db, c.locale, c.items, c.coupons, ctx);
  const items = priced.items.filter((l) => l.quantity > 0);
  const lineTotalsMinor = items.map(lineMinor);
  const afterMinor = lineTotalsMinor.reduce((a, b) => a + b, 0);
  const goodsMinor = priced.undiscounted.filter((l) => l.quantity > 0).reduce((s, l) => s + lineMinor(l), 0);

  const postal = normalizePostalCode(c.locale, c.customer.postal_code ?? '');
  const provider = shippingProviderFor(c.shippingProcessor);
  const units = items.reduce((n, l) => n + l.quantity, 0);
  const answer = await askShipping(db, c, provider, {
    checkoutId: c.id,
    locale: c.locale,
    open: c.status !== 'completed',
    quote:
      postal.ok && items.length > 0
        ? {
            locale: c.locale,
            countryCode: LOCALES[c.locale].countryCode,
            postalCode: postal.normalized,
            city: c.customer.city,
            street: c.customer.street,
            weightGrams: units * GRAMS_PER_UNIT,
            goodsTotalMinor: afterMinor,
            currency: LOCALES[c.locale].currency,
          }
        : null,
    optionId: c.shippingOptionId,
    record: c.providerSessions.shipping,
  });
  const shippingOptions = answer.options;
  const shipping = shippingOptions.find((o) => o.id === c.shippingOptionId) ?? null;
  const servicePoints = answer.servicePoints;
  const servicePoint = servicePoints.find((p) => p.id === c.servicePointId) ?? null;

  const shippingMinor = shipping?.priceMinor ?? 0;
  const vat = vatBreakdown({
    lines: items.map((l, i) => ({ grossMinor: lineTotalsMinor[i], vatRate: l.vat })),
    shipping: shipping ? { grossMinor: shippingMinor, vatRate: shipping.vatRate } : undefined,
  });
  const totals: CheckoutTotals = {
    currency: LOCALES[c.locale].currency,
    goods_minor: goodsMinor,
    discount_minor: goodsMinor - afterMinor,
    shipping_minor: shippingMinor,
    total_minor: vat.grossMinor,
    vat_minor: vat.vatMinor,
    vat_breakdown: vat.byRate.map((r) => ({ rate: r.vatRate, net_minor: r.netMinor, vat_minor: r.vatMinor, gross_minor: r.grossMinor })),
    free_shipping_threshold_minor: FREE_SHIPPING_THRESHOLD_MINOR[c.locale],
    free_shipping_left_minor: amountLeftForFreeShippingMinor(c.locale, afterMinor),
  };
  return {
    items,
    coupons: priced.requested,
    lineTotalsMinor,
    shippingOptions,
    shipping,
    servicePoints,
    servicePoint,
    shippingServedBy: provider.id,
    totals,
  };
}

/** The processor's answer; a new or refreshed `shipping` session is recorded on `c` and in the row. */
async function askShipping(db: Db, c: CheckoutRecord, provider: ShippingProvider, ask: ShippingAsk): Promise<ShippingAnswer> {
  let answer: ShippingAnswer;
  try {
    answer = await shippingAnswer(provider, ask);
  } catch (err) {
    if (!(err instanceof ShippingUnavailable)) throw err;
    log.error({ err: err.message, checkout: c.id }, 'shipping quote failed');
    throw new ProviderUnavailableError(shippingUnavailableMessage(c.locale));
  }
  if (answer.changed) {
    // Whoever saves `c` next (a payment session at placing) keeps the shipping session with it.
    c.providerSessions = { ...c.providerSessions, shipping: answer.changed };
    await recordProviderSession(db, c.id, 'shipping', answer.changed);
  }
  return answer;
}
