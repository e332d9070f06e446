/**
 * The back office's strings (src/locales/backoffice/en.json, sv.json; docs/product/back-office.md#language).
 * Both files have the same keys: the type of en.json is the key set, and sv.json is checked against it.
 */
import en from '#locales/backoffice/en.json' with { type: 'json' };
import sv from '#locales/backoffice/sv.json' with { type: 'json' };
import type { StaffLocale } from './staff-locale.ts';

export type BoKey = keyof typeof en;
const STRINGS: Record<StaffLocale, Record<BoKey, string>> = { en, sv: sv satisfies Record<BoKey, string> };

export type BoTranslate = (key: BoKey, values?: Record<string, string | number>) => string;

export function boTranslator(locale: StaffLocale): BoTranslate {
  const table = STRINGS[locale];
  return (key, values = {}) => table[key].replace(/\{(\w+)\}/g, (m, name: string) => (name in values ? String(values[name]) : m));
}

/** The html lang of each back-office language. */
export const BO_LANG: Record<StaffLocale, string> = { en: 'en', sv: 'sv' };

const isKey = (key: string): key is BoKey => key in en;
/** The name staff read for a stored state id (pages keep the id in data-state for scripts and tests); an id without a name shows as itself. */
const stateName =
  (group: 'order_state' | 'payment_state' | 'subscription_state' | 'einvoice_state') =>
  (t: BoTranslate, state: string): string => {
    const key = `${group}.${state}`;
    return isKey(key) ? t(key) : state;
  };
export const orderStateName = stateName('order_state');
export const paymentStateName = stateName('payment_state');
export const subscriptionStateName = stateName('subscription_state');
export const einvoiceStateName = stateName('einvoice_state');
