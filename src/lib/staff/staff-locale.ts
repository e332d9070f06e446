/** The back office's languages (docs/product/back-office.md#language): English by default, Swedish per member. */
export const STAFF_LOCALES = ['en', 'sv'] as const;
export type StaffLocale = (typeof STAFF_LOCALES)[number];

export function isStaffLocale(value: unknown): value is StaffLocale {
  return value === 'en' || value === 'sv';
}

/** A stored or requested language, falling back to English. */
export const staffLocaleOf = (value: unknown): StaffLocale => (isStaffLocale(value) ? value : 'en');
