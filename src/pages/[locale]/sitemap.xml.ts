/**
 * Per-storefront sitemap index, prerendered to /{locale}/sitemap.xml; the server answers /sitemap.xml on each domain
 * with its own locale's file (request-mapping "locale-file"). It names the storefront's other sitemaps on its own
 * origin: the pages sitemap and one per chunk of products (docs/product/routes.md#robotstxt-and-sitemap).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { LOCALE_CODES, type LocaleCode } from '#lib/market/locales.ts';
import { sitemapIndexXml } from '#lib/catalogue/seo.ts';
import { productSitemapFile, sitemapChunkSize, SITEMAP_PAGES_FILE } from '#lib/routing/sitemap-files.ts';
import { siteSettings } from '#server/market/site-settings.ts';
import { productChunks } from '#server/catalogue/sitemap-rows.ts';
import { getDb } from '#server/db/connection.ts';

export const getStaticPaths = (() => LOCALE_CODES.map((locale) => ({ params: { locale } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const locale = params.locale as LocaleCode;
  const origin = siteSettings().origins[locale];
  const chunks = await productChunks(getDb(), locale, sitemapChunkSize(process.env.PARTSFRONT_SITEMAP_CHUNK));
  // the pages sitemap is written by this same build: its date is the build's
  const built = new Date().toISOString().slice(0, 10);
  const xml = sitemapIndexXml([
    { loc: `${origin}/${SITEMAP_PAGES_FILE}`, lastmod: built },
    ...chunks.map((c) => ({ loc: `${origin}/${productSitemapFile(c.chunk)}`, lastmod: c.lastmod })),
  ]);
  return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
