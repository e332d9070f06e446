/**
 * One chunk of a storefront's appliance model pages (docs/product/routes.md#robotstxt-and-sitemap), prerendered to
 * /{locale}/sitemap-models-{n}.xml: at most PARTSFRONT_SITEMAP_CHUNK models in id order, every one prerendered or
 * not (a left-out one renders on its first request: ADR 0027), with hreflang alternates on the storefronts that have it.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import type { LocaleCode } from '#lib/market/locales.ts';
import { alternatesWhere } from '#lib/routing/alternates.ts';
import { sitemapXml } from '#lib/catalogue/seo.ts';
import { sitemapChunkSize, sitemapEntry } from '#lib/routing/sitemap-files.ts';
import { siteSettings } from '#server/market/site-settings.ts';
import { chunkPaths, type ChunkRange, modelChunks, modelsInRange } from '#server/catalogue/sitemap-rows.ts';
import { getDb } from '#server/db/connection.ts';

export const getStaticPaths = (() =>
  chunkPaths(modelChunks, sitemapChunkSize(process.env.PARTSFRONT_SITEMAP_CHUNK), getDb())) satisfies GetStaticPaths;

export const GET: APIRoute<ChunkRange> = async ({ params, props }) => {
  const locale = params.locale as LocaleCode;
  const { origins } = siteSettings();
  const models = await modelsInRange(getDb(), locale, props.firstId, props.lastId);
  const entries = models.map((slugs) => sitemapEntry(locale, origins, alternatesWhere('model-slug', 'slug', slugs)));
  return new Response(sitemapXml(entries), { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
