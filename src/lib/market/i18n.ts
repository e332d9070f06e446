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

export function translator(locale: LocaleCode): TFunction {
  return instance.getFixedT(locale);
}
