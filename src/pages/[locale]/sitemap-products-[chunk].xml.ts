/**
 * One chunk of a storefront's products (docs/product/routes.md#robotstxt-and-sitemap), prerendered to
 * /{locale}/sitemap-products-{n}.xml: at most PARTSFRONT_SITEMAP_CHUNK products in id order, read by SQL for this
 * chunk only, each with `lastmod` and hreflang alternates on the storefronts that have it.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import type { LocaleCode } from '#lib/market/locales.ts';
import { alternatesWhere } from '#lib/routing/alternates.ts';
import { sitemapXml } from '#lib/catalogue/seo.ts';
import { sitemapChunkSize, sitemapEntry } from '#lib/routing/sitemap-files.ts';
import { siteSettings } from '#server/market/site-settings.ts';
import { chunkPaths, type ChunkRange, productChunks, productsInRange } from '#server/catalogue/sitemap-rows.ts';
import { getDb } from '#server/db/connection.ts';

export const getStaticPaths = (() =>
  chunkPaths(productChunks, sitemapChunkSize(process.env.PARTSFRONT_SITEMAP_CHUNK), getDb())) satisfies GetStaticPaths;

export const GET: APIRoute<ChunkRange> = async ({ params, props }) => {
  const locale = params.locale as LocaleCode;
  const { origins } = siteSettings();
  const products = await productsInRange(getDb(), locale, props.firstId, props.lastId);
  const entries = products.map((p) =>
    sitemapEntry(locale, origins, alternatesWhere('product', 'slug', p.slugs), p.updated_at.slice(0, 10)),
  );
  return new Response(sitemapXml(entries), { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
