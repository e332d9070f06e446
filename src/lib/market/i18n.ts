/**
 * Translation strings (src/locales/*.json) through i18next, for static and server-rendered pages.
 * Islands must not import this (they get strings as props): it pulls in the i18next runtime.
 */
import i18next, { type TFunction } from 'i18next';
import { LOCALE_CODES, type LocaleCode } from './locales.ts';
import sv from '#locales/sv.json' with { type: 'json' };
import no from '#locales/no.json' with { type: 'json' };
import da from '#locales/da.json' with { type: 'json' };
import fi from '#locales/fi.json' with { type: 'json' };
import nl from '#locales/nl.json' with { type: 'json' };

export const STRINGS: Record<LocaleCode, typeof sv> = { sv, no, da, fi, nl };

const instance = i18next.createInstance();
void instance.init({
  initAsync: false,
  lng: 'sv',
  fallbackLng: false,
  supportedLngs: [...LOCALE_CODES],
  resources: Object.fromEntries(LOCALE_CODES.map((c) => [c, { translation: STRINGS[c] }])),
  interpolation: { escapeValue: false }, // Astro escapes on output
  returnObjects: true,
});

const translators = new Map<LocaleCode, TFunction>();

/**
 * The storefront's translate function. A key asked without options is looked up once and remembered: a listing
 * page's 48 cards asked i18next for the same dozen strings again and again, ~6 ms of a 1,000,000-product listing
 * page (docs/product/performance.md#issue-27s-goal-rows-at-1m). Calls with options (interpolation, plurals) go to
 * i18next each time; objects (returnObjects) and missing keys are not remembered, so no caller shares one it might change.
 */
export function translator(locale: LocaleCode): TFunction {
  let t = translators.get(locale);
  if (!t) {
    const fixed = instance.getFixedT(locale);
    const call = fixed as unknown as (...args: unknown[]) => unknown;
    const plain = new Map<string, string>();
    const memo = (key: unknown, ...rest: unknown[]): unknown => {
      if (rest.length > 0 || typeof key !== 'string') return call(key, ...rest);
      const known = plain.get(key);
      if (known !== undefined) return known;
      const value = call(key);
      // a missing key answers itself: not remembered, so keys made from input cannot grow the map
      if (typeof value === 'string' && value !== key) plain.set(key, value);
      return value;
    };
    t = Object.assign(memo, fixed) as unknown as TFunction;
    translators.set(locale, t);
  }
  return t;
}
