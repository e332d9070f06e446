/**
 * The studio's internal-link targets (docs/product/content-studio.md#internal-links): products (by sku or name),
 * categories, brands and published content pages of one storefront, each with its localized public path from
 * the route table; and a ref's path in another storefront, for a page's translation.
 */
import { sql } from 'kysely';
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { formatLinkRef, parseLinkRef, takeInTurns, type LinkTarget } from '#lib/content/studio-link-refs.ts';
import { localizedProducts } from '#server/catalogue/localized-products.ts';
import { flattenCategories, loadCategoryTree } from '#server/catalogue/category-repository.ts';

const likeOf = (q: string) => sql<string>`${`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`;
const contentPath = (locale: LocaleCode, slug: string) => pathFor('content', locale, { all: slug });

async function pageTargets(db: Db, locale: LocaleCode, q: string, limit: number): Promise<LinkTarget[]> {
  let query = db
    .selectFrom('content_pages')
    .select(['slug', 'title', 'translation_key'])
    .where('locale', '=', locale)
    .where('published', '=', 1);
  if (q)
    query = query.where((eb) =>
      eb.or([eb(eb.fn<string>('lower', ['title']), 'like', likeOf(q)), eb(eb.fn<string>('lower', ['slug']), 'like', likeOf(q))]),
    );
  const rows = await query.orderBy('title').limit(limit).execute();
  return rows.map((r) => ({
    ref: formatLinkRef('page', r.translation_key ?? r.slug),
    kind: 'page',
    label: r.title,
    path: contentPath(locale, r.slug),
  }));
}

async function categoryTargets(db: Db, locale: LocaleCode, q: string, limit: number): Promise<LinkTarget[]> {
  // the tree gives every category its full multi-level path; a storefront has at most a few hundred
  const all = flattenCategories(await loadCategoryTree(db, locale));
  return all
    .filter((c) => !q || c.name.toLowerCase().includes(q) || c.slug.toLowerCase().includes(q))
    .slice(0, limit)
    .map((c) => ({ ref: formatLinkRef('category', c.id), kind: 'category', label: c.hierarchy.join(' › '), path: c.uri }));
}

async function brandTargets(db: Db, locale: LocaleCode, q: string, limit: number): Promise<LinkTarget[]> {
  let query = db.selectFrom('brands').select(['slug', 'name']);
  if (q)
    query = query.where((eb) =>
      eb.or([eb(eb.fn<string>('lower', ['name']), 'like', likeOf(q)), eb(eb.fn<string>('lower', ['slug']), 'like', likeOf(q))]),
    );
  const rows = await query.orderBy('name').limit(limit).execute();
  return rows.map((r) => ({
    ref: formatLinkRef('brand', r.slug),
    kind: 'brand',
    label: r.name,
    path: pathFor('brand-slug', locale, { slug: r.slug }),
  }));
}

async function productTargets(db: Db, locale: LocaleCode, q: string, limit: number): Promise<LinkTarget[]> {
  let query = localizedProducts(db, locale).select(['p.sku', 't.name', 't.slug']);
  if (q)
    query = query.where((eb) =>
      eb.or([eb(eb.fn<string>('lower', ['p.sku']), 'like', likeOf(q)), eb(eb.fn<string>('lower', ['t.name']), 'like', likeOf(q))]),
    );
  const rows = await query.orderBy('t.name').limit(limit).execute();
  return rows.map((r) => ({
    ref: formatLinkRef('product', r.sku),
    kind: 'product',
    label: `${r.name} (${r.sku})`,
    path: pathFor('product', locale, { slug: r.slug }),
  }));
}

/** Up to `limit` targets matching `q` (case-insensitive; empty: the first of each kind), the kinds taken in turns. */
export async function searchLinkTargets(db: Db, locale: LocaleCode, q: string, limit = 10): Promise<LinkTarget[]> {
  const text = q.trim().toLowerCase();
  const lists = await Promise.all([
    pageTargets(db, locale, text, limit),
    categoryTargets(db, locale, text, limit),
    brandTargets(db, locale, text, limit),
    productTargets(db, locale, text, limit),
  ]);
  return takeInTurns(lists, limit);
}

/** The public path of a ref's target in `locale`; undefined when that storefront has none (or the ref is malformed). */
export async function resolveLinkRef(db: Db, locale: LocaleCode, ref: string): Promise<string | undefined> {
  const parsed = parseLinkRef(ref);
  if (!parsed) return undefined;
  const { kind, id } = parsed;
  if (kind === 'product') {
    const row = await localizedProducts(db, locale).select(['t.slug']).where('p.sku', '=', id).executeTakeFirst();
    return row ? pathFor('product', locale, { slug: row.slug }) : undefined;
  }
  if (kind === 'category') {
    const found = flattenCategories(await loadCategoryTree(db, locale)).find((c) => String(c.id) === id || c.slug === id);
    return found?.uri;
  }
  if (kind === 'brand') {
    const row = await db.selectFrom('brands').select(['slug']).where('slug', '=', id).executeTakeFirst();
    return row ? pathFor('brand-slug', locale, { slug: row.slug }) : undefined;
  }
  // a page: its translation group's member in that storefront, else a page of that very slug there
  const pages = db.selectFrom('content_pages').select(['slug']).where('locale', '=', locale).where('published', '=', 1);
  const row = (await pages.where('translation_key', '=', id).executeTakeFirst()) ?? (await pages.where('slug', '=', id).executeTakeFirst());
  return row ? contentPath(locale, row.slug) : undefined;
}
