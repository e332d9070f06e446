/**
 * The locale cookie (docs/product/tracking.md#locale-cookie): remembers, for 365 days, the storefront a
 * visitor chose in the language switcher. A preference: set only with the consent that covers preferences.
 * Read by the browser (not httpOnly) to offer the remembered storefront on the next visit. Pure.
 */
import { isLocaleCode, type LocaleCode } from '#lib/market/locales.ts';

export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_MAX_AGE = 365 * 86_400;

export function localeCookie(locale: LocaleCode, https: boolean): string {
  return `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax${https ? '; Secure' : ''}`;
}

/** The cookie that forgets the choice (consent withdrawn). */
export function clearedLocaleCookie(): string {
  return `${LOCALE_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}

export function readLocaleCookie(cookie: string): LocaleCode | undefined {
  const m = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([a-z]{2})(?:;|$)`).exec(cookie);
  return m && isLocaleCode(m[1]) ? m[1] : undefined;
}

/** A storefront to offer: the remembered one when it is another than the one shown. */
export function rememberedElsewhere(cookie: string, current: LocaleCode): LocaleCode | undefined {
  const l = readLocaleCookie(cookie);
  return l && l !== current ? l : undefined;
}
