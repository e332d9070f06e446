/**
 * Where each storefront's accessibility statement lives (docs/product/legal.md#accessibility-european-accessibility-act-directive-eu-2019882):
 * the content page's slug the footer links to. The page itself is content (seeded by src/server/seed/demo-accessibility-statement.ts).
 */
import type { LocaleCode } from '#lib/market/locales.ts';

export const ACCESSIBILITY_STATEMENT_SLUG: Readonly<Record<LocaleCode, string>> = {
  sv: 'tillganglighet',
  no: 'tilgjengelighet',
  da: 'tilgaengelighed',
  fi: 'saavutettavuus',
  nl: 'toegankelijkheid',
};
