/**
 * A storefront's sitemap of every page but the products and models (docs/product/routes.md#robotstxt-and-sitemap),
 * prerendered to /{locale}/sitemap-pages.xml and named by its sitemap index: home, calendar, categories, brands, tags
 * and content pages, with hreflang alternates on the other domains where the page exists.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { LOCALE_CODES, type LocaleCode } from '#lib/market/locales.ts';
import { alternatesFor, pathFor } from '#lib/routing/routes.ts';
import { alternatesWhere } from '#lib/routing/alternates.ts';
import { sitemapXml } from '#lib/catalogue/seo.ts';
import { sitemapEntry } from '#lib/routing/sitemap-files.ts';
import { siteSettings } from '#server/market/site-settings.ts';
import { otherSitemapPages } from '#server/catalogue/sitemap-rows.ts';
import { getLayoutData } from '#server/catalogue/layout-data.ts';
import { getDb } from '#server/db/connection.ts';

export const getStaticPaths = (() => LOCALE_CODES.map((locale) => ({ params: { locale } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const locale = params.locale as LocaleCode;
  const { origins } = siteSettings();
  const entry = (paths: Partial<Record<LocaleCode, string>>) => sitemapEntry(locale, origins, paths);
  const pages = await otherSitemapPages(getDb(), locale);
  const entries = [
    entry(alternatesFor('index', {})),
    entry(alternatesFor('christmas-calendar', {})),
    ...pages.categories.map((paths) => entry(alternatesWhere('product-category-all', 'all', paths))),
    ...pages.brandSlugs.map((slug) => entry({ [locale]: pathFor('brand-slug', locale, { slug }) })),
    ...pages.tags.map((slugs) => entry(alternatesWhere('product-tag-slug', 'slug', slugs))),
    ...(await getLayoutData(locale)).footerPages.map((page) => entry({ [locale]: pathFor('content', locale, { all: page.slug }) })),
  ];
  return new Response(sitemapXml(entries), { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
