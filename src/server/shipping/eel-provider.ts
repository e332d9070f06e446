/**
 * The internal shipping processor `eel` (docs/product/checkout.md#shipping): rate table by zone and weight,
 * free-shipping rule and service points from data. Works fully offline; booking issues the tracking number.
 */
import { randomUUID } from 'node:crypto';
import type { LocaleCode } from '#lib/market/locales.ts';
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
    return { shipmentId: trackingNumber, carrier: input.optionId, trackingNumber, trackingUrl: TRACKING_URL + trackingNumber };
  },
  async tracking() {
    return []; // eel's timeline is the order's own events (operator marks picked, shipped, delivered)
  },
};
