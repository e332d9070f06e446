/**
 * Per-storefront sitemap, prerendered to /{locale}/sitemap.xml; the server answers /sitemap.xml on each
 * domain with its own locale's file (request-mapping "locale-file"). URLs are absolute on the storefront's
 * own origin, with hreflang alternates on the other domains.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { LOCALE_CODES, LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { alternatesFor, pathFor } from '#lib/routing/routes.ts';
import { sitemapXml, type SitemapEntry } from '#lib/catalogue/seo.ts';
import { siteSettings } from '#server/market/site-settings.ts';
import { categoryPaths, localeCatalogue, tagSlugs } from '#server/catalogue/page-catalogue.ts';
import { alternatesWhere } from '#lib/routing/alternates.ts';
import { getLayoutData } from '#server/catalogue/layout-data.ts';
import { modelPagesForSitemap } from '#server/catalogue/model-page-data.ts';
import { redirectedProductIds } from '#server/catalogue/part-numbers.ts';
import { getDb } from '#server/db/connection.ts';
import { localizedProducts } from '#server/catalogue/localized-products.ts';

export const getStaticPaths = (() => LOCALE_CODES.map((locale) => ({ params: { locale } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const locale = params.locale as LocaleCode;
  const { origins } = siteSettings();
  const cat = await localeCatalogue(locale);
  const abs = (alts: Partial<Record<LocaleCode, string>>) =>
    Object.fromEntries(Object.entries(alts).map(([c, p]) => [LOCALES[c as LocaleCode].iso, origins[c as LocaleCode] + p]));
  const entry = (alts: Partial<Record<LocaleCode, string>>, lastmod?: string): SitemapEntry => ({
    loc: origins[locale] + alts[locale],
    lastmod,
    alternates: Object.keys(alts).length > 1 ? abs(alts) : undefined,
  });

  const entries: SitemapEntry[] = [entry(alternatesFor('index', {})), entry(alternatesFor('christmas-calendar', {}))];
  for (const c of cat.categories) entries.push(entry(alternatesWhere('product-category-all', 'all', await categoryPaths(c.id))));
  for (const b of cat.brands) entries.push(entry({ [locale]: pathFor('brand-slug', locale, { slug: b.slug }) }));
  for (const g of cat.tags) entries.push(entry(alternatesWhere('product-tag-slug', 'slug', await tagSlugs(g.id))));
  // a product replaced and no longer sold has no page (docs/product/parts-finder.md#part-numbers)
  const redirected = await redirectedProductIds(getDb());
  const slugRows = await getDb()
    .selectFrom('product_translations')
    .select(['product_id', 'locale', 'slug'])
    .orderBy('product_id')
    .execute();
  const slugsOf = new Map<number, Partial<Record<LocaleCode, string>>>();
  for (const r of slugRows) slugsOf.set(r.product_id, { ...slugsOf.get(r.product_id), [r.locale]: r.slug });
  const products = await localizedProducts(getDb(), locale).select(['p.id', 'p.updated_at']).orderBy('p.id').execute();
  for (const p of products.filter((x) => !redirected.has(x.id) && slugsOf.get(x.id)?.[locale]))
    entries.push(entry(alternatesWhere('product', 'slug', slugsOf.get(p.id)!), p.updated_at.slice(0, 10)));
  // every model page, prerendered or not (a left-out one renders on its first request: ADR 0027)
  for (const m of await modelPagesForSitemap())
    if (m.alternates[locale]) entries.push(entry(alternatesWhere('model-slug', 'slug', m.alternates)));
  for (const page of (await getLayoutData(locale)).footerPages)
    entries.push(entry({ [locale]: pathFor('content', locale, { all: page.slug }) }));

  return new Response(sitemapXml(entries), { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
