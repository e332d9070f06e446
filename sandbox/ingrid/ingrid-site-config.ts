/**
 * The Ingrid emulator's site configuration: the delivery categories offered per country, prices in
 * minor units incl. VAT, delivery promises, weight limits, and the free-shipping rule the merchant
 * configures in Ingrid — here the storefront's own threshold (src/lib/shipping/free-shipping.ts):
 * from that cart.total_value every category except express is free.
 */
import { FREE_SHIPPING_THRESHOLD_MINOR } from '#lib/shipping/free-shipping.ts';
import type { LocaleCode } from '#lib/market/locales.ts';

export const INGRID_SITE_TOKEN = Buffer.from('partsfront-sandbox-site-token').toString('base64');

export interface CategoryConfig {
  id: string;
  name: string;
  carrier: string;
  product: string;
  deliveryType: 'pickup' | 'delivery' | 'mailbox';
  express?: true;
  priceMinor: number;
  days: [min: number, max: number];
  maxGrams: number;
  locationType?: 'MANNED' | 'LOCKER';
}

export interface CountryConfig {
  locale: LocaleCode;
  currency: string;
  vatRate: number;
  categories: CategoryConfig[];
}

const c = (
  id: string,
  name: string,
  carrier: string,
  product: string,
  deliveryType: CategoryConfig['deliveryType'],
  priceMinor: number,
  days: [number, number],
  maxGrams: number,
  extra: Partial<CategoryConfig> = {},
): CategoryConfig => ({ id, name, carrier, product, deliveryType, priceMinor, days, maxGrams, ...extra });

export const COUNTRIES: Record<string, CountryConfig> = {
  SE: {
    locale: 'sv',
    currency: 'SEK',
    vatRate: 25,
    categories: [
      c('se-postnord-pickup', 'PostNord Ombud', 'PostNord', 'MyPack Collect', 'pickup', 4_900, [1, 3], 20_000, { locationType: 'MANNED' }),
      c('se-instabox-locker', 'Instabox Paketskåp', 'Instabox', 'Instabox Locker', 'pickup', 3_900, [1, 2], 10_000, {
        locationType: 'LOCKER',
      }),
      c('se-postnord-mailbox', 'PostNord Brevlåda', 'PostNord', 'Varubrev', 'mailbox', 2_900, [2, 4], 2_000),
      c('se-budbee-home', 'Budbee Hemleverans', 'Budbee', 'Budbee Home', 'delivery', 7_900, [1, 2], 20_000),
      c('se-budbee-express', 'Budbee Express', 'Budbee', 'Budbee Same Day', 'delivery', 14_900, [0, 1], 20_000, { express: true }),
    ],
  },
  NO: {
    locale: 'no',
    currency: 'NOK',
    vatRate: 25,
    categories: [
      c('no-posten-pickup', 'Posten Hentested', 'Posten', 'Pakke til hentested', 'pickup', 6_900, [1, 3], 20_000, {
        locationType: 'MANNED',
      }),
      c('no-posten-mailbox', 'Posten Pakke i postkassen', 'Posten', 'Pakke i postkassen', 'mailbox', 4_900, [1, 3], 5_000),
      c('no-helthjem-home', 'Helthjem Hjemlevering', 'Helthjem', 'Helthjem Home', 'delivery', 9_900, [1, 3], 20_000),
      c('no-porterbuddy-express', 'Porterbuddy Express', 'Porterbuddy', 'Porterbuddy Same Day', 'delivery', 19_900, [0, 1], 20_000, {
        express: true,
      }),
    ],
  },
  DK: {
    locale: 'da',
    currency: 'DKK',
    vatRate: 25,
    categories: [
      c('dk-gls-pickup', 'GLS Pakkeshop', 'GLS', 'ShopDelivery', 'pickup', 3_900, [1, 2], 20_000, { locationType: 'MANNED' }),
      c('dk-postnord-pickup', 'PostNord Pakkeshop', 'PostNord', 'MyPack Collect', 'pickup', 4_500, [1, 3], 20_000, {
        locationType: 'MANNED',
      }),
      c('dk-dao-home', 'DAO Hjemmelevering', 'DAO', 'DAO Direct', 'delivery', 5_900, [1, 3], 20_000),
    ],
  },
  FI: {
    locale: 'fi',
    currency: 'EUR',
    vatRate: 25.5,
    categories: [
      c('fi-posti-pickup', 'Posti Noutopiste', 'Posti', 'Postipaketti', 'pickup', 590, [1, 3], 20_000, { locationType: 'MANNED' }),
      c('fi-matkahuolto-pickup', 'Matkahuolto Lähellä-paketti', 'Matkahuolto', 'Lähellä-paketti', 'pickup', 490, [1, 3], 20_000, {
        locationType: 'LOCKER',
      }),
      c('fi-posti-home', 'Posti Kotiinkuljetus', 'Posti', 'Kotipaketti', 'delivery', 1_290, [1, 3], 20_000),
      c('fi-posti-express', 'Posti Pikapaketti', 'Posti', 'Express-paketti', 'delivery', 1_990, [1, 1], 20_000, { express: true }),
    ],
  },
  NL: {
    locale: 'nl',
    currency: 'EUR',
    vatRate: 21,
    categories: [
      c('nl-postnl-pickup', 'PostNL Afhaalpunt', 'PostNL', 'Pakket Afhaalpunt', 'pickup', 495, [1, 2], 20_000, { locationType: 'MANNED' }),
      c('nl-dhl-pickup', 'DHL ServicePoint', 'DHL', 'DHL Parcel ServicePoint', 'pickup', 445, [1, 2], 20_000, { locationType: 'MANNED' }),
      c('nl-postnl-home', 'PostNL Thuisbezorging', 'PostNL', 'Pakket Standaard', 'delivery', 695, [1, 2], 20_000),
      c('nl-dhl-express', 'DHL Express', 'DHL', 'DHL Express Next Day', 'delivery', 1_295, [1, 1], 20_000, { express: true }),
    ],
  },
};

export function freeShippingFrom(country: CountryConfig): number {
  return FREE_SHIPPING_THRESHOLD_MINOR[country.locale];
}

export function findCategory(id: string): { country: CountryConfig; category: CategoryConfig } | null {
  for (const country of Object.values(COUNTRIES)) {
    const category = country.categories.find((x) => x.id === id);
    if (category) return { country, category };
  }
  return null;
}
