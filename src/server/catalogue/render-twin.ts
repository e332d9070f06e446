/**
 * What every render twin does around its own loader (docs/adr/0017-incremental-pages.md#decision): only for this
 * process's page renderer (render secret), only for a storefront; the loader's data, or a 404 when there is no such
 * page; the page's tags in `x-page-tags`; never cached.
 */
import { isLocaleCode, type LocaleCode } from '#lib/market/locales.ts';
import { PAGE_TAGS_HEADER } from './page-tags.ts';
import { renderRequestAllowed } from './render-secret.ts';

interface TwinContext {
  params: Record<string, string | undefined>;
  request: Request;
  response: { headers: Headers };
}

export async function renderTwin<T extends { pageTags: readonly string[] }>(
  astro: TwinContext,
  load: (locale: LocaleCode) => Promise<T | null | undefined>,
): Promise<{ locale: LocaleCode; data: T } | Response> {
  const locale = astro.params.locale ?? '';
  if (!isLocaleCode(locale) || !renderRequestAllowed(astro.request.headers)) return new Response(null, { status: 404 });
  const data = await load(locale);
  if (!data) return new Response(null, { status: 404 });
  astro.response.headers.set(PAGE_TAGS_HEADER, data.pageTags.join(','));
  astro.response.headers.set('cache-control', 'no-store');
  return { locale, data };
}
