/**
 * The internal shipping processor `eel` (docs/product/checkout.md#shipping): rate table by zone and weight,
 * free-shipping rule and service points from data. Works fully offline; booking issues the tracking number,
 * a return booking the return code.
 */
import { randomUUID } from 'node:crypto';
import { LOCALE_CODES, LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { eelShippingOptions } from '#lib/shipping/eel-rates.ts';
import { EEL_RATES } from '#lib/shipping/eel-rate-table.ts';
import { eelServicePoints } from './eel-service-points.ts';
import type { ShippingProvider } from './shipping-provider.ts';

const carrierOf = (locale: LocaleCode, optionId: string) => EEL_RATES[locale].services.find((s) => s.id === optionId)?.carrier ?? 'eel';
const TRACKING_URL = 'https://tracking.partsfront.example/eel/';

export const eelProvider: ShippingProvider = {
  id: 'eel',
  async options(input) {
    const options = eelShippingOptions({
      locale: input.locale,
      postalCode: input.postalCode,
      weightGrams: input.weightGrams,
      goodsTotalMinor: input.goodsTotalMinor,
    });
    return {
      options: options.map((o) => ({
        id: o.id,
        carrier: o.carrier,
        name: o.name,
        kind: o.kind,
        priceMinor: o.priceMinor,
        vatRate: o.vatRate,
        minDays: o.deliveryDays.min,
        maxDays: o.deliveryDays.max,
        hasServicePoints: o.hasServicePoints,
      })),
    };
  },
  async servicePoints(optionId, address) {
    return eelServicePoints(carrierOf(address.locale, optionId), address.postalCode, address.city ?? '');
  },
  async book(input) {
    const trackingNumber = `EEL${Date.now().toString(36).toUpperCase()}${randomUUID().slice(0, 4).toUpperCase()}`;
    // The option's carrier in the recipient's storefront (the country identifies it: one storefront per country).
    const locale = LOCALE_CODES.find((l) => LOCALES[l].countryCode === input.recipient.countryCode) ?? 'sv';
    return {
      shipmentId: trackingNumber,
      carrier: carrierOf(locale, input.optionId),
      trackingNumber,
      trackingUrl: TRACKING_URL + trackingNumber,
    };
  },
  async bookReturn(input) {
    // The carrier's return code: the parcel goes back prepaid with the carrier the order came with.
    const code = `EELR${Date.now().toString(36).toUpperCase()}${randomUUID().slice(0, 4).toUpperCase()}`;
    const locale = LOCALE_CODES.find((l) => LOCALES[l].countryCode === input.sender.countryCode) ?? 'sv';
    return { shipmentId: code, carrier: carrierOf(locale, input.optionId), trackingNumber: code, trackingUrl: TRACKING_URL + code };
  },
  async tracking() {
    return []; // eel's timeline is the order's own events (operator marks picked, shipped, delivered)
  },
};
