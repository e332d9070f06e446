/**
 * Times as staff read them (docs/product/back-office.md#layout): in the shop's home time zone, whatever the
 * storefront, in the member's language, so the audit log, the queues and the order pages tell one clock.
 */
import type { StaffLocale } from '#lib/staff/staff-locale.ts';
import { HOME_TIME_ZONE } from './order-filter.ts';

export function staffTimeFormat(locale: StaffLocale, timeStyle: 'short' | 'medium' = 'short'): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(locale === 'sv' ? 'sv-SE' : 'en-GB', { dateStyle: 'short', timeStyle, timeZone: HOME_TIME_ZONE });
}
