/**
 * One chunk of a storefront's products (docs/product/routes.md#robotstxt-and-sitemap), prerendered to
 * /{locale}/sitemap-products-{n}.xml: at most PARTSFRONT_SITEMAP_CHUNK products in id order, read by SQL for this
 * chunk only, each with `lastmod` and hreflang alternates on the storefronts that have it.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { LOCALE_CODES, type LocaleCode } from '#lib/market/locales.ts';
import { alternatesWhere } from '#lib/routing/alternates.ts';
import { sitemapXml } from '#lib/catalogue/seo.ts';
import { sitemapChunkSize, sitemapEntry } from '#lib/routing/sitemap-files.ts';
import { siteSettings } from '#server/market/site-settings.ts';
import { productChunks, productsInRange } from '#server/catalogue/sitemap-rows.ts';
import { getDb } from '#server/db/connection.ts';

interface Props {
  firstId: number;
  lastId: number;
}

export const getStaticPaths = (async () => {
  const size = sitemapChunkSize(process.env.PARTSFRONT_SITEMAP_CHUNK);
  const paths = [];
  for (const locale of LOCALE_CODES)
    for (const c of await productChunks(getDb(), locale, size))
      paths.push({ params: { locale, chunk: String(c.chunk) }, props: { firstId: c.firstId, lastId: c.lastId } satisfies Props });
  return paths;
}) satisfies GetStaticPaths;

export const GET: APIRoute<Props> = async ({ params, props }) => {
  const locale = params.locale as LocaleCode;
  const { origins } = siteSettings();
  const products = await productsInRange(getDb(), locale, props.firstId, props.lastId);
  const entries = products.map((p) =>
    sitemapEntry(locale, origins, alternatesWhere('product', 'slug', p.slugs), p.updated_at.slice(0, 10)),
  );
  return new Response(sitemapXml(entries), { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
