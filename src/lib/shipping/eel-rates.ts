/**
 * eelShippingOptions: what the checkout offers for a parcel to a postal code, cheapest first.
 * Returns [] for an invalid or unserved postal code (see eelZoneFor for the reason) and when the
 * parcel is too heavy for every service (freight is quoted by hand).
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import { EEL_RATES, type EelOptionKind } from './eel-rate-table.ts';
import { eelZoneFor, type EelZone } from './eel-zones.ts';
import { qualifiesForFreeShipping } from './free-shipping.ts';

export { FREE_SHIPPING_THRESHOLD_MINOR } from './free-shipping.ts';

export interface EelShippingRequest {
  locale: LocaleCode;
  postalCode: string;
  weightGrams: number;
  /** Goods total incl. VAT after discounts: decides free shipping. */
  goodsTotalMinor: number;
}

export interface EelShippingOption {
  id: string;
  carrier: string;
  name: string;
  kind: EelOptionKind;
  /** Incl. VAT; 0 when free. */
  priceMinor: number;
  vatRate: number;
  isFree: boolean;
  deliveryDays: { min: number; max: number };
  hasServicePoints: boolean;
  zone: EelZone;
}

export function eelShippingOptions({ locale, postalCode, weightGrams, goodsTotalMinor }: EelShippingRequest): EelShippingOption[] {
  if (!Number.isSafeInteger(weightGrams) || weightGrams < 0)
    throw new RangeError(`Weight must be a non-negative integer of grams: ${weightGrams}`);
  if (!Number.isSafeInteger(goodsTotalMinor) || goodsTotalMinor < 0)
    throw new RangeError(`Goods total must be a non-negative integer: ${goodsTotalMinor}`);
  const zoneResult = eelZoneFor(locale, postalCode);
  if (!zoneResult.ok) return [];
  const { zone } = zoneResult;
  const rates = EEL_RATES[locale];
  const freeStandard = qualifiesForFreeShipping(locale, goodsTotalMinor);
  const options: EelShippingOption[] = [];
  for (const service of rates.services) {
    const bracket = service.brackets.find((candidate) => weightGrams <= candidate.maxGrams);
    if (!bracket || !service.zones.includes(zone)) continue;
    const isFree = freeStandard && service.kind !== 'express';
    const extraDays = rates.zoneExtraDays[zone];
    options.push({
      id: service.id,
      carrier: service.carrier,
      name: service.name,
      kind: service.kind,
      priceMinor: isFree ? 0 : bracket.priceMinor + rates.zoneSurchargeMinor[zone],
      vatRate: rates.vatRate,
      isFree,
      deliveryDays: { min: service.deliveryDays.min + extraDays, max: service.deliveryDays.max + extraDays },
      hasServicePoints: service.kind === 'service_point',
      zone,
    });
  }
  return options.sort(
    (a, b) => a.priceMinor - b.priceMinor || a.deliveryDays.min - b.deliveryDays.min || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}
