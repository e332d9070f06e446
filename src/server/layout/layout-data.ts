/**
 * Everything the layout shell needs per storefront (SPEC §7: start-up loads categories and layout
 * widgets). Loaded once per process and locale; `invalidateLayoutData()` after content changes.
 */
import { getDb } from '../db/connection.ts';
import type { LocaleCode } from '../../lib/locales.ts';
import { loadCategoryTree, type Category } from '../catalogue/category-repository.ts';

export interface LayoutWidget { content: string; hidden: boolean }
export interface LayoutData {
  categories: Category[];
  widgets: Record<string, LayoutWidget>;
}

const cache = new Map<LocaleCode, Promise<LayoutData>>();

async function load(locale: LocaleCode): Promise<LayoutData> {
  const db = getDb();
  const [categories, widgetRows] = await Promise.all([
    loadCategoryTree(db, locale),
    db.selectFrom('widgets').select(['slug', 'content', 'hidden']).where('locale', '=', locale).execute(),
  ]);
  const widgets = Object.fromEntries(widgetRows.map((w) => [w.slug, { content: w.content, hidden: !!w.hidden }]));
  return { categories, widgets };
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
