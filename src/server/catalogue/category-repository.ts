/** Category tree per locale (menus, breadcrumbs, category pages, /api/product-categories). */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { pathFor } from '#lib/routing/routes.ts';
import type { Thumb } from '#lib/catalogue/types.ts';

/** Category (docs/product/catalogue.md#category). `uri` is the public multi-level path on the locale's domain. */
export interface Category {
  id: number;
  name: string;
  slug: string;
  parent_id: number | null;
  show_in_menu: boolean;
  show_in_main_menu: boolean;
  hierarchy: string[];
  /** Slugs from the root down to this category: the multi-level path parameter. */
  path: string[];
  thumb: Thumb | null;
  children: Category[];
  uri: string;
}

export async function loadCategoryTree(db: Db, locale: LocaleCode): Promise<Category[]> {
  const rows = await db
    .selectFrom('categories as c')
    .innerJoin('category_translations as t', (j) => j.onRef('t.category_id', '=', 'c.id').on('t.locale', '=', locale))
    .select([
      'c.id',
      'c.parent_id',
      'c.sort_order',
      'c.show_in_menu',
      'c.show_in_main_menu',
      'c.thumb_url',
      'c.thumb_width',
      'c.thumb_height',
      't.name',
      't.slug',
    ])
    .orderBy('c.sort_order')
    .orderBy('c.id')
    .execute();
  const byId = new Map<number, Category>();
  for (const r of rows) {
    byId.set(r.id, {
      id: r.id,
      name: r.name,
      slug: r.slug,
      parent_id: r.parent_id,
      show_in_menu: !!r.show_in_menu,
      show_in_main_menu: !!r.show_in_main_menu,
      hierarchy: [],
      path: [],
      children: [],
      uri: '',
      thumb: r.thumb_url ? { url: r.thumb_url, width: r.thumb_width ?? 0, height: r.thumb_height ?? 0 } : null,
    });
  }
  const roots: Category[] = [];
  for (const c of byId.values()) {
    const parent = c.parent_id !== null ? byId.get(c.parent_id) : undefined;
    if (parent) parent.children.push(c);
    else roots.push(c);
  }
  const walk = (c: Category, hierarchy: string[], path: string[]) => {
    c.hierarchy = [...hierarchy, c.name];
    c.path = [...path, c.slug];
    c.uri = pathFor('product-category-all', locale, { all: c.path.join('/') });
    c.children.forEach((child) => walk(child, c.hierarchy, c.path));
  };
  roots.forEach((r) => walk(r, [], []));
  return roots;
}

export function flattenCategories(tree: Category[]): Category[] {
  return tree.flatMap((c) => [c, ...flattenCategories(c.children)]);
}

/** A category and its ancestors, root first (breadcrumbs, JSON-LD, tracking); a parent loop ends the walk. */
export function categoryTrail<C extends { id: number; parent_id: number | null }>(byId: ReadonlyMap<number, C>, start: C | undefined): C[] {
  const trail: C[] = [];
  const seen = new Set<number>();
  for (let c = start; c && !seen.has(c.id); c = c.parent_id !== null ? byId.get(c.parent_id) : undefined) {
    seen.add(c.id);
    trail.unshift(c);
  }
  return trail;
}
