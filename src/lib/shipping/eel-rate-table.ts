/**
 * eel's rate table per storefront. Prices are in minor units and include the country's standard
 * VAT (the rate is carried on every option; the order's VAT split is done by checkout/vat-breakdown).
 * A service takes the first weight bracket whose maxGrams ≥ the parcel weight; heavier parcels get
 * no offer from that service. Remote and island zones add a surcharge and days; services list the
 * zones they reach (express does not fly to islands).
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import type { EelZone } from './eel-zones.ts';

export type EelOptionKind = 'home' | 'service_point' | 'express';

export interface EelService {
  id: string;
  carrier: string;
  name: string;
  kind: EelOptionKind;
  /** Ascending by maxGrams. */
  brackets: readonly { maxGrams: number; priceMinor: number }[];
  /** Working days in the standard zone. */
  deliveryDays: { min: number; max: number };
  zones: readonly EelZone[];
}

export interface EelStorefrontRates {
  vatRate: number;
  zoneSurchargeMinor: Readonly<Record<EelZone, number>>;
  zoneExtraDays: Readonly<Record<EelZone, number>>;
  services: readonly EelService[];
}

const ALL: readonly EelZone[] = ['standard', 'remote', 'island'];
const MAINLAND: readonly EelZone[] = ['standard', 'remote'];

/** [maxGrams, priceMinor] pairs → brackets. */
const b = (...pairs: [number, number][]) => pairs.map(([maxGrams, priceMinor]) => ({ maxGrams, priceMinor }));

export const EEL_RATES: Readonly<Record<LocaleCode, EelStorefrontRates>> = {
  sv: {
    vatRate: 25,
    zoneSurchargeMinor: { standard: 0, remote: 1_500, island: 2_900 },
    zoneExtraDays: { standard: 0, remote: 1, island: 1 },
    services: [
      {
        id: 'postnord-service-point',
        carrier: 'PostNord',
        name: 'PostNord MyPack Collect',
        kind: 'service_point',
        brackets: b([1_000, 4_900], [5_000, 6_900], [10_000, 9_900], [20_000, 14_900]),
        deliveryDays: { min: 1, max: 3 },
        zones: ALL,
      },
      {
        id: 'dhl-service-point',
        carrier: 'DHL',
        name: 'DHL Service Point',
        kind: 'service_point',
        brackets: b([1_000, 5_900], [5_000, 7_400], [10_000, 9_900], [20_000, 13_900]),
        deliveryDays: { min: 1, max: 3 },
        zones: ALL,
      },
      {
        id: 'postnord-home',
        carrier: 'PostNord',
        name: 'PostNord MyPack Home',
        kind: 'home',
        brackets: b([1_000, 7_900], [5_000, 8_900], [10_000, 10_900], [20_000, 15_900], [35_000, 24_900]),
        deliveryDays: { min: 1, max: 3 },
        zones: ALL,
      },
      {
        id: 'dhl-express',
        carrier: 'DHL',
        name: 'DHL Express',
        kind: 'express',
        brackets: b([1_000, 14_900], [5_000, 19_900], [10_000, 24_900], [30_000, 34_900]),
        deliveryDays: { min: 1, max: 1 },
        zones: MAINLAND,
      },
    ],
  },
  no: {
    vatRate: 25,
    zoneSurchargeMinor: { standard: 0, remote: 3_000, island: 4_000 },
    zoneExtraDays: { standard: 0, remote: 2, island: 2 },
    services: [
      {
        id: 'postnord-service-point',
        carrier: 'PostNord',
        name: 'PostNord Hentested',
        kind: 'service_point',
        brackets: b([1_000, 5_900], [5_000, 7_900], [10_000, 10_900], [20_000, 15_900]),
        deliveryDays: { min: 2, max: 4 },
        zones: ALL,
      },
      {
        id: 'bring-service-point',
        carrier: 'Bring',
        name: 'Bring Pakke til hentested',
        kind: 'service_point',
        brackets: b([1_000, 6_900], [5_000, 8_900], [10_000, 11_900], [20_000, 16_900]),
        deliveryDays: { min: 1, max: 3 },
        zones: ALL,
      },
      {
        id: 'bring-home',
        carrier: 'Bring',
        name: 'Bring Pakke levert hjem',
        kind: 'home',
        brackets: b([1_000, 9_900], [5_000, 11_900], [10_000, 14_900], [20_000, 19_900], [35_000, 29_900]),
        deliveryDays: { min: 1, max: 3 },
        zones: ALL,
      },
      {
        id: 'bring-express',
        carrier: 'Bring',
        name: 'Bring Ekspress neste dag',
        kind: 'express',
        brackets: b([1_000, 19_900], [5_000, 24_900], [10_000, 29_900], [30_000, 39_900]),
        deliveryDays: { min: 1, max: 1 },
        zones: MAINLAND,
      },
    ],
  },
  da: {
    vatRate: 25,
    zoneSurchargeMinor: { standard: 0, remote: 0, island: 2_500 },
    zoneExtraDays: { standard: 0, remote: 0, island: 1 },
    services: [
      {
        id: 'gls-parcelshop',
        carrier: 'GLS',
        name: 'GLS PakkeShop',
        kind: 'service_point',
        brackets: b([1_000, 3_900], [5_000, 4_900], [10_000, 6_900], [20_000, 9_900]),
        deliveryDays: { min: 1, max: 2 },
        zones: ALL,
      },
      {
        id: 'postnord-service-point',
        carrier: 'PostNord',
        name: 'PostNord Pakkeboks eller Posthus',
        kind: 'service_point',
        brackets: b([1_000, 4_500], [5_000, 5_500], [10_000, 7_500], [20_000, 10_500]),
        deliveryDays: { min: 1, max: 3 },
        zones: ALL,
      },
      {
        id: 'gls-home',
        carrier: 'GLS',
        name: 'GLS Privatlevering',
        kind: 'home',
        brackets: b([1_000, 5_900], [5_000, 6_900], [10_000, 8_900], [20_000, 11_900], [30_000, 17_900]),
        deliveryDays: { min: 1, max: 2 },
        zones: ALL,
      },
      {
        id: 'dhl-express',
        carrier: 'DHL',
        name: 'DHL Express',
        kind: 'express',
        brackets: b([1_000, 12_900], [5_000, 16_900], [10_000, 19_900], [30_000, 29_900]),
        deliveryDays: { min: 1, max: 1 },
        zones: MAINLAND,
      },
    ],
  },
  fi: {
    vatRate: 25.5,
    zoneSurchargeMinor: { standard: 0, remote: 300, island: 500 },
    zoneExtraDays: { standard: 0, remote: 1, island: 2 },
    services: [
      {
        id: 'matkahuolto-service-point',
        carrier: 'Matkahuolto',
        name: 'Matkahuolto Lähellä-paketti',
        kind: 'service_point',
        brackets: b([1_000, 490], [5_000, 690], [10_000, 990], [20_000, 1_490]),
        deliveryDays: { min: 1, max: 3 },
        zones: ALL,
      },
      {
        id: 'posti-service-point',
        carrier: 'Posti',
        name: 'Posti Postipaketti',
        kind: 'service_point',
        brackets: b([1_000, 590], [5_000, 790], [10_000, 1_090], [20_000, 1_590]),
        deliveryDays: { min: 1, max: 3 },
        zones: ALL,
      },
      {
        id: 'posti-home',
        carrier: 'Posti',
        name: 'Posti Kotipaketti',
        kind: 'home',
        brackets: b([1_000, 990], [5_000, 1_190], [10_000, 1_490], [20_000, 1_990], [35_000, 2_990]),
        deliveryDays: { min: 1, max: 3 },
        zones: ALL,
      },
      {
        id: 'dhl-express',
        carrier: 'DHL',
        name: 'DHL Express',
        kind: 'express',
        brackets: b([1_000, 1_990], [5_000, 2_490], [10_000, 2_990], [30_000, 3_990]),
        deliveryDays: { min: 1, max: 1 },
        zones: MAINLAND,
      },
    ],
  },
  nl: {
    vatRate: 21,
    zoneSurchargeMinor: { standard: 0, remote: 0, island: 500 },
    zoneExtraDays: { standard: 0, remote: 0, island: 1 },
    services: [
      {
        id: 'dhl-service-point',
        carrier: 'DHL',
        name: 'DHL ServicePoint',
        kind: 'service_point',
        brackets: b([1_000, 445], [5_000, 545], [10_000, 745], [20_000, 1_095]),
        deliveryDays: { min: 1, max: 2 },
        zones: ALL,
      },
      {
        id: 'postnl-service-point',
        carrier: 'PostNL',
        name: 'PostNL-punt',
        kind: 'service_point',
        brackets: b([1_000, 495], [5_000, 595], [10_000, 795], [23_000, 1_195]),
        deliveryDays: { min: 1, max: 2 },
        zones: ALL,
      },
      {
        id: 'postnl-home',
        carrier: 'PostNL',
        name: 'PostNL Standaard pakket',
        kind: 'home',
        brackets: b([1_000, 595], [5_000, 695], [10_000, 895], [23_000, 1_295]),
        deliveryDays: { min: 1, max: 2 },
        zones: ALL,
      },
      {
        id: 'dhl-express',
        carrier: 'DHL',
        name: 'DHL Express',
        kind: 'express',
        brackets: b([1_000, 1_495], [5_000, 1_995], [10_000, 2_495], [30_000, 3_495]),
        deliveryDays: { min: 1, max: 1 },
        zones: MAINLAND,
      },
    ],
  },
};
