/**
 * The server's price of a checkout at this moment (docs/product/checkout.md#totals): lines re-priced and
 * discounted by the cart service, shipping from the checkout's processor for its postal code, VAT per rate.
 * Everything in integer minor units; called at every step and again at completion.
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
import { syncCartService, type CartContext } from '#server/cart/cart-service.ts';
import { shippingProviderFor } from '#server/shipping/shipping-registry.ts';
import type { ServicePoint, ShippingOption } from '#server/shipping/shipping-provider.ts';
import type { CheckoutRecord } from './checkout-repository.ts';

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
  totals: CheckoutTotals;
}

const lineMinor = (l: Pick<CartLineItem, 'price' | 'quantity'>) => multiplyMinor(toMinorUnits(l.price), l.quantity);

export async function quoteCheckout(db: Db, c: CheckoutRecord, ctx: CartContext = {}): Promise<CheckoutQuote> {
  const priced = await syncCartService(db, c.locale, c.items, c.coupons, ctx);
  const items = priced.items.filter((l) => l.quantity > 0);
  const lineTotalsMinor = items.map(lineMinor);
  const afterMinor = lineTotalsMinor.reduce((a, b) => a + b, 0);
  const goodsMinor = priced.undiscounted.filter((l) => l.quantity > 0).reduce((s, l) => s + lineMinor(l), 0);

  const postal = normalizePostalCode(c.locale, c.customer.postal_code ?? '');
  const provider = shippingProviderFor(c.shippingProcessor);
  const address = {
    locale: c.locale,
    countryCode: LOCALES[c.locale].countryCode,
    postalCode: postal.ok ? postal.normalized : '',
    city: c.customer.city,
  };
  const units = items.reduce((n, l) => n + l.quantity, 0);
  const shippingOptions =
    postal.ok && items.length > 0
      ? (
          await provider.options({
            ...address,
            weightGrams: units * GRAMS_PER_UNIT,
            goodsTotalMinor: afterMinor,
            currency: LOCALES[c.locale].currency,
          })
        ).options
      : [];
  const shipping = shippingOptions.find((o) => o.id === c.shippingOptionId) ?? null;
  const servicePoints = shipping?.hasServicePoints ? await provider.servicePoints(shipping.id, address) : [];
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
  return { items, coupons: priced.requested, lineTotalsMinor, shippingOptions, shipping, servicePoints, servicePoint, totals };
}
