/**
 * Dates on the order confirmation (docs/product/checkout.md): when the order was placed, in the
 * storefront's own time zone, and the delivery window of the chosen shipping option counted in working
 * days from that day (docs/product/delivery-estimates.md#working-days). Pure: the time is the order's.
 */
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { addWorkingDays, formatDeliveryDate } from '#lib/catalogue/delivery-estimate.ts';
import { localDate, STOREFRONT_TIME_ZONES } from '#lib/market/local-day.ts';

export function formatPlacedAt(placedAt: string, locale: LocaleCode): string {
  return new Intl.DateTimeFormat(LOCALES[locale].iso, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: STOREFRONT_TIME_ZONES[locale],
  }).format(new Date(placedAt));
}

/** The calendar day (as a UTC date) the order was placed on in the storefront's time zone. */
export function orderDay(placedAt: string, locale: LocaleCode): Date {
  return new Date(`${localDate(new Date(placedAt), STOREFRONT_TIME_ZONES[locale])}T00:00:00Z`);
}

/** "ons 25 nov." – "fre 27 nov.": the first and last working day of the shipping option's window. */
export function deliveryWindow(placedAt: string, minDays: number, maxDays: number, locale: LocaleCode): { from: string; to: string } {
  const day = orderDay(placedAt, locale);
  const iso = LOCALES[locale].iso;
  return { from: formatDeliveryDate(addWorkingDays(day, minDays), iso), to: formatDeliveryDate(addWorkingDays(day, maxDays), iso) };
}
