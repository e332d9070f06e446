/**
 * Delivery zones of the internal shipping processor "eel", from the (normalised) postal code.
 * standard = mainland; remote = the long-haul north; island = ferry or flight needed.
 *
 * - sv: 62x Gotland → island; 8xx–9xx (Norrland) → remote.
 * - no: 8000–9999 (Nordland, Troms, Finnmark) → remote. Svalbard (9170–9179) and Jan Mayen (8099)
 *   are not served: they are outside the Norwegian VAT area, which our prices include.
 * - da: Bornholm 37xx, Ærø 5960/5970/5985, Samsø 8305, Fanø 6720, Anholt 8592, Læsø 9940 → island.
 *   Greenland's 39xx codes look Danish but Greenland is outside Denmark's VAT and EU: not served.
 * - fi: 9xxxx (Northern Ostrobothnia with Oulu and Kuusamo, and Lapland) → remote. Åland (22xxx) is not served: it
 *   is outside the EU VAT area, so a parcel there needs a customs declaration we do not make.
 * - nl: the Wadden islands → island: Texel 1790–1797, Terschelling and Vlieland 8881–8899,
 *   Ameland 9161–9164, Schiermonnikoog 9166.
 */
import { normalizePostalCode } from '../checkout/address-rules.ts';
import type { LocaleCode } from '#lib/market/locales.ts';

export const EEL_ZONES = ['standard', 'remote', 'island'] as const;
export type EelZone = (typeof EEL_ZONES)[number];

export type EelZoneResult = { ok: true; zone: EelZone } | { ok: false; reason: 'postal_code' | 'not_served' };

type Range = readonly [from: number, to: number];

const inAny = (n: number, ranges: readonly Range[]) => ranges.some(([from, to]) => n >= from && n <= to);

const DANISH_ISLANDS: readonly Range[] = [
  [3700, 3799],
  [5960, 5960],
  [5970, 5970],
  [5985, 5985],
  [8305, 8305],
  [6720, 6720],
  [8592, 8592],
  [9940, 9940],
];
const WADDEN_ISLANDS: readonly Range[] = [
  [1790, 1797],
  [8881, 8899],
  [9161, 9164],
  [9166, 9166],
];

export function eelZoneFor(locale: LocaleCode, postalCode: string): EelZoneResult {
  const normalized = normalizePostalCode(locale, postalCode);
  if (!normalized.ok) return { ok: false, reason: 'postal_code' };
  const code = normalized.normalized;
  const n = Number(code.slice(0, locale === 'sv' || locale === 'fi' ? 5 : 4));
  const zone = (z: EelZone): EelZoneResult => ({ ok: true, zone: z });
  const notServed: EelZoneResult = { ok: false, reason: 'not_served' };
  switch (locale) {
    case 'sv':
      if (code.startsWith('62')) return zone('island');
      return zone(n >= 80_000 ? 'remote' : 'standard');
    case 'no':
      if (n === 8099 || inAny(n, [[9170, 9179]])) return notServed;
      return zone(n >= 8000 ? 'remote' : 'standard');
    case 'da':
      if (inAny(n, [[3900, 3999]])) return notServed;
      return zone(inAny(n, DANISH_ISLANDS) ? 'island' : 'standard');
    case 'fi':
      if (code.startsWith('22')) return notServed;
      return zone(n >= 90_000 ? 'remote' : 'standard');
    case 'nl':
      return zone(inAny(n, WADDEN_ISLANDS) ? 'island' : 'standard');
  }
}
