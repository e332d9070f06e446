/** The discount route /rabatt/{category?}/{discount} (docs/product/routes.md#discount-route): where to redirect, or 404. */
import { validRouteDiscount } from '#lib/page-behaviour/query-params.ts';

export interface CategoryRef {
  slug: string;
  uri: string;
}

/** undefined → 404 (bad code); else the target path with disc and the other query params kept. */
export function discountRedirect(
  code: string,
  categorySlug: string | undefined,
  categories: readonly CategoryRef[],
  search: string,
  home: string,
): string | undefined {
  if (!validRouteDiscount(code)) return undefined;
  const cat = categorySlug ? categories.find((c) => c.slug === categorySlug) : undefined;
  const params = new URLSearchParams(search);
  params.set('disc', code);
  return `${cat ? cat.uri : home}?${params.toString()}`;
}
