/**
 * Invoice due date: N calendar days after the issue date (weekends and holidays are not skipped;
 * the payment terms state calendar days). Dates are plain calendar dates "YYYY-MM-DD": the caller
 * turns its "now" into the storefront's local date, so no clock or time zone is read here.
 */
import type { LocaleCode } from '#lib/market/locales.ts';

/** Payment terms per storefront, in days; 30 everywhere for now, kept per country on purpose. */
export const INVOICE_TERMS_DAYS: Readonly<Record<LocaleCode, number>> = { sv: 30, no: 30, da: 30, fi: 30, nl: 30 };

const DAY_MS = 86_400_000;

export function invoiceDueDate(issueDate: string, locale: LocaleCode, days: number = INVOICE_TERMS_DAYS[locale]): string {
  if (!Number.isSafeInteger(days) || days < 0) throw new RangeError(`Payment terms must be a non-negative number of days: ${days}`);
  return new Date(parseCalendarDate(issueDate) + days * DAY_MS).toISOString().slice(0, 10);
}

/** "2025-02-29" is rejected rather than rolled over to March. Returns UTC midnight in ms. */
function parseCalendarDate(value: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (!match || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value) {
    throw new RangeError(`Not a calendar date YYYY-MM-DD: "${value}"`);
  }
  return ms;
}
