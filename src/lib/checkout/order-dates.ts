/**
 * Dates on the order confirmation (docs/product/checkout.md): when the order was placed, in the
 * storefront's own time zone, and the delivery window of the chosen shipping option counted in working
 * days from that day (docs/product/delivery-estimates.md#working-days). Pure: the time is the order's.
 */
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { addWorkingDays, formatDeliveryDate } from '#lib/catalogue/delivery-estimate.ts';

/** Each storefront's country has one time zone. */
export const STOREFRONT_TIME_ZONES: Readonly<Record<LocaleCode, string>> = {
  sv: 'Europe/Stockholm',
  no: 'Europe/Oslo',
  da: 'Europe/Copenhagen',
  fi: 'Europe/Helsinki',
  nl: 'Europe/Amsterdam',
};

export function formatPlacedAt(placedAt: string, locale: LocaleCode): string {
  return new Intl.DateTimeFormat(LOCALES[locale].iso, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: STOREFRONT_TIME_ZONES[locale],
  }).format(new Date(placedAt));
}

/** The calendar day (as a UTC date) the order was placed on in the storefront's time zone. */
export function orderDay(placedAt: string, locale: LocaleCode): Date {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: STOREFRONT_TIME_ZONES[locale],
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .formatToParts(new Date(placedAt))
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)));
}

/** "ons 25 nov." – "fre 27 nov.": the first and last working day of the shipping option's window. */
export function deliveryWindow(placedAt: string, minDays: number, maxDays: number, locale: LocaleCode): { from: string; to: string } {
  const day = orderDay(placedAt, locale);
  const iso = LOCALES[locale].iso;
  return { from: formatDeliveryDate(addWorkingDays(day, minDays), iso), to: formatDeliveryDate(addWorkingDays(day, maxDays), iso) };
}
