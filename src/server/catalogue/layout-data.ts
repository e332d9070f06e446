/**
 * Everything the layout shell needs per storefront (docs/product/api.md#data-loading: start-up loads categories and layout
 * widgets). Loaded once per process and locale; `invalidateLayoutData()` after content changes.
 */
import { getDb } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { loadCategoryTree, type Category } from './category-repository.ts';

export interface LayoutWidget {
  content: string;
  hidden: boolean;
}
export interface LayoutData {
  categories: Category[];
  widgets: Record<string, LayoutWidget>;
  /** Published content pages linked from the footer (loaded here once, not per rendered page). */
  footerPages: { slug: string; title: string }[];
}

const cache = new Map<LocaleCode, Promise<LayoutData>>();

async function load(locale: LocaleCode): Promise<LayoutData> {
  const db = getDb();
  const [categories, widgetRows, footerPages] = await Promise.all([
    loadCategoryTree(db, locale),
    db.selectFrom('widgets').select(['slug', 'content', 'hidden']).where('locale', '=', locale).execute(),
    db
      .selectFrom('content_pages')
      .select(['slug', 'title'])
      .where('locale', '=', locale)
      .where('published', '=', 1)
      .orderBy('id')
      .execute(),
  ]);
  const widgets = Object.fromEntries(widgetRows.map((w) => [w.slug, { content: w.content, hidden: !!w.hidden }]));
  return { categories, widgets, footerPages };
}

export function getLayoutData(locale: LocaleCode): Promise<LayoutData> {
  let p = cache.get(locale);
  if (!p) {
    p = load(locale);
    p.catch(() => cache.delete(locale)); // a failed load is retried on the next request
    cache.set(locale, p);
  }
  return p;
}

export function invalidateLayoutData(): void {
  cache.clear();
}
