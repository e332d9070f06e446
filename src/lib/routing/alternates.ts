/** hreflang alternates from per-locale route params: only storefronts where the page exists. */
import { LOCALE_CODES, type LocaleCode } from '#lib/market/locales.ts';
import { pathFor, type RouteName } from './routes.ts';

export function alternatesWhere(
  name: RouteName,
  key: string,
  values: Partial<Record<LocaleCode, string>>,
): Partial<Record<LocaleCode, string>> {
  const out: Partial<Record<LocaleCode, string>> = {};
  for (const code of LOCALE_CODES) {
    const v = values[code];
    if (v) out[code] = pathFor(name, code, { [key]: v });
  }
  return out;
}
