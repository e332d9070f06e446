/** The name of a subscription interval in a storefront's language ("Var 3:e månad"): what the cart line shows. */
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { translator } from '#lib/market/i18n.ts';

export function intervalLabel(locale: LocaleCode, months: number): string {
  const t = translator(locale);
  // A language may have its own word for an interval ("Varannan månad"); else "every {count} months".
  const own = t(`subscriptions.interval_${months}`, { defaultValue: '' });
  return own || t('subscriptions.every_months', { count: months });
}

/** A schedule date ('2027-02-24') as the storefront writes dates ("24 februari 2027"). */
export function formatDueDate(locale: LocaleCode, date: string): string {
  return new Intl.DateTimeFormat(LOCALES[locale].iso, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}
