/**
 * Page tags (docs/adr/0017-incremental-pages.md#decision): what a static page shows, named the way the change
 * feed names changes. A page is re-rendered when a change carries one of its tags:
 * - `product:<id>` — the page shows that product's name, price, stock or image (its own page, an accessory card,
 *   a bundle line);
 * - `content:<locale>:<slug>` — the content page itself;
 * - `calendar:<locale>` — the Christmas calendar page (an editor chose its doors).
 * The build appends every prerendered page's tags to `page-tags.ndjson` beside client/ (never served); a
 * re-rendered page answers its tags in the `x-page-tags` header, and the index is updated with them.
 */
import fs from 'node:fs';
import { siteSettings } from '#server/market/site-settings.ts';
import type { PageProduct } from './page-catalogue.ts';
import type { ProductRelations } from './recommendations-build.ts';

export const PAGE_TAGS_FILE = 'page-tags.ndjson';
export const PAGE_TAGS_HEADER = 'x-page-tags';

export const productTag = (id: number) => `product:${id}`;
export const contentTag = (locale: string, slug: string) => `content:${locale}:${slug}`;
export const calendarTag = (locale: string) => `calendar:${locale}`;

export function productPageTags(product: PageProduct, relations: ProductRelations): string[] {
  const ids = new Set<number>([product.id, ...relations.accessories.map((a) => a.id)]);
  for (const line of relations.bundle?.lines ?? []) ids.add(line.product.id);
  return [...ids].map(productTag);
}

/**
 * Creates the build's index with its first line `{"seq", "origins"}`, once per build: the flag is in the environment because
 * the integration and the build's bundled pages hold different copies of this module.
 */
export function startPageTagIndex(): void {
  const file = process.env.PARTSFRONT_PAGE_TAGS_FILE;
  if (!file || process.env.PARTSFRONT_PAGE_TAGS_STARTED) return;
  process.env.PARTSFRONT_PAGE_TAGS_STARTED = '1';
  // the public origins the pages link to: a server with other origins must not write into this build
  const origins = siteSettings().origins;
  fs.writeFileSync(file, JSON.stringify({ seq: Number(process.env.PARTSFRONT_BUILD_CHANGE_SEQ ?? 0), origins }) + '\n');
}

/**
 * During `astro build` (PARTSFRONT_PAGE_TAGS_FILE set by the storefronts integration): one line per
 * prerendered page, `{"p": internal path, "t": tags}`. Outside a build it does nothing.
 */
export function recordBuildPageTags(internalPath: string, tags: readonly string[]): void {
  const file = process.env.PARTSFRONT_PAGE_TAGS_FILE;
  if (!file || tags.length === 0) return;
  startPageTagIndex();
  fs.appendFileSync(file, JSON.stringify({ p: internalPath, t: tags }) + '\n');
}
