/**
 * A storefront's sitemap files (docs/product/routes.md#robotstxt-and-sitemap): `/sitemap.xml` is an index naming
 * `/sitemap-pages.xml` (every page but the products and the appliance models), `/sitemap-products-<n>.xml` and
 * `/sitemap-models-<n>.xml` (n from 1), each with at most the chunk size of pages — the protocol allows 50,000 URLs
 * and 50 MB a file.
 */
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import type { SitemapEntry } from '#lib/catalogue/seo.ts';

export const SITEMAP_INDEX_FILE = 'sitemap.xml';
export const SITEMAP_PAGES_FILE = 'sitemap-pages.xml';
export const productSitemapFile = (chunk: number) => `sitemap-products-${chunk}.xml`;
export const modelSitemapFile = (chunk: number) => `sitemap-models-${chunk}.xml`;

/**
 * Products (or models) per sitemap file by default: about 10 MB with five hreflang alternates a page. Smaller files
 * keep the build's memory low (a file is one string, compressed 8 at a time; ADR 0031); the protocol allows 50,000.
 */
export const SITEMAP_CHUNK_DEFAULT = 10_000;
/** The protocol's limit of URLs a file. */
export const SITEMAP_CHUNK_MAX = 50_000;

/** The chunk size from PARTSFRONT_SITEMAP_CHUNK; the default for unset, empty or out-of-range values. */
export function sitemapChunkSize(value: string | undefined): number {
  const n = Number(value?.trim() || NaN);
  return Number.isInteger(n) && n >= 1 && n <= SITEMAP_CHUNK_MAX ? n : SITEMAP_CHUNK_DEFAULT;
}

/** The public paths of the sitemap files (a chunk number without leading zeros, so each file has one address). */
export const SITEMAP_PATH = /^\/(sitemap\.xml|sitemap-pages\.xml|sitemap-(products|models)-[1-9]\d{0,5}\.xml)$/;

/** A fixed metrics label for a sitemap path: every chunk of a kind is one label. */
export const sitemapLabel = (pathname: string): string => pathname.replace(/^\/sitemap-(products|models)-\d+\.xml$/, '/sitemap-$1-:n.xml');

/**
 * A page's entry in `locale`'s sitemap from its path in every storefront that has it: the URL on the storefront's
 * own origin, and hreflang alternates on their own origins when the page exists in more than one.
 */
export function sitemapEntry(
  locale: LocaleCode,
  origins: Record<LocaleCode, string>,
  paths: Partial<Record<LocaleCode, string>>,
  lastmod?: string,
): SitemapEntry {
  const codes = Object.keys(paths) as LocaleCode[];
  return {
    loc: origins[locale] + paths[locale],
    lastmod,
    alternates: codes.length > 1 ? Object.fromEntries(codes.map((c) => [LOCALES[c].iso, origins[c] + paths[c]])) : undefined,
  };
}
