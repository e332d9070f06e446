/**
 * Per-storefront sitemap index, prerendered to /{locale}/sitemap.xml; the server answers /sitemap.xml on each domain
 * with its own locale's file (request-mapping "locale-file"). It names the storefront's other sitemaps on its own
 * origin: the pages sitemap and one per chunk of products and of model pages (docs/product/routes.md#robotstxt-and-sitemap).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { LOCALE_CODES, type LocaleCode } from '#lib/market/locales.ts';
import { sitemapIndexXml } from '#lib/catalogue/seo.ts';
import { modelSitemapFile, productSitemapFile, sitemapChunkSize, SITEMAP_PAGES_FILE } from '#lib/routing/sitemap-files.ts';
import { siteSettings } from '#server/market/site-settings.ts';
import { modelChunks, productChunks } from '#server/catalogue/sitemap-rows.ts';
import { getDb } from '#server/db/connection.ts';

export const getStaticPaths = (() => LOCALE_CODES.map((locale) => ({ params: { locale } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const locale = params.locale as LocaleCode;
  const origin = siteSettings().origins[locale];
  const size = sitemapChunkSize(process.env.PARTSFRONT_SITEMAP_CHUNK);
  const [products, models] = await Promise.all([productChunks(getDb(), locale, size), modelChunks(getDb(), locale, size)]);
  // the pages and model sitemaps are written by this same build (their pages keep no update time): the build's date
  const built = new Date().toISOString().slice(0, 10);
  const xml = sitemapIndexXml([
    { loc: `${origin}/${SITEMAP_PAGES_FILE}`, lastmod: built },
    ...products.map((c) => ({ loc: `${origin}/${productSitemapFile(c.chunk)}`, lastmod: c.lastmod })),
    ...models.map((c) => ({ loc: `${origin}/${modelSitemapFile(c.chunk)}`, lastmod: built })),
  ]);
  return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
