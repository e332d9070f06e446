/**
 * The public, localized address of a prerendered page from its internal path (docs/product/performance.md#static-export):
 * `/sv/product/x` → `/produkt/x`, `/fi/category/a/b` → `/kategoria/a/b`, `/nl/content/over-ons` → `/over-ons`.
 * Undefined for paths that are not a static page of a storefront (on-demand routes, unknown paths). Pure.
 */
import { matchInternalPath, pathFor } from './routes.ts';
import type { LocaleCode } from '#lib/market/locales.ts';

export function publicPagePath(internalPath: string): { locale: LocaleCode; path: string } | undefined {
  const m = matchInternalPath(internalPath);
  if (!m || m.mode !== 'static') return undefined;
  return { locale: m.locale, path: pathFor(m.name, m.locale, m.params) };
}
