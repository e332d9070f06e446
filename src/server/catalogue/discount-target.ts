/** Shared by both discount routes (docs/product/routes.md#discount-route): known category slug → its listing, else home; code as disc. */
import type { AstroGlobal } from 'astro';
import { isLocaleCode } from '#lib/market/locales.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { discountRedirect } from '#lib/routing/discount-route.ts';
import { getLayoutData } from './layout-data.ts';
import { flattenCategories } from './category-repository.ts';

/** The redirect target, or undefined for a bad code (the route answers 404). */
export async function discountTarget(astro: AstroGlobal): Promise<string | undefined> {
  const { locale, category, discount } = astro.params;
  if (!isLocaleCode(locale) || !discount) return undefined;
  const categories = category ? flattenCategories((await getLayoutData(locale)).categories) : [];
  return discountRedirect(discount, category, categories, astro.url.search, pathFor('index', locale));
}
