/**
 * A product's numbers and successor as its page shows them, and where a superseded product's address leads
 * (docs/product/parts-finder.md#part-numbers): a product replaced by another and no longer sold has no page; its
 * address answers 301 to the part sold now (the end of the chain) in the same storefront. One still sold keeps its
 * page with an "Ersatt av" notice.
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { currentProduct } from '#lib/catalogue/part-number-lookup.ts';
import { productNumbers, type ProductNumber } from './appliance-models.ts';

export interface Successor {
  id: number;
  sku: string;
  name: string;
  slug: string;
  url: string;
}

export interface PartNumbers {
  /** OEM numbers, cross-references and old numbers replaced (kind, then number). */
  numbers: ProductNumber[];
  /** The part sold now when this one is replaced (end of the chain), in this storefront; null when not replaced. */
  successor: Successor | null;
}

/** The product at the end of productId's chain, read link by link (a chain has a few steps; no table scan). */
async function chainEnd(db: Db, productId: number): Promise<number> {
  const links = new Map<number, number>();
  for (let at = productId; !links.has(at);) {
    const row = await db.selectFrom('product_supersessions').where('product_id', '=', at).select('replaced_by').executeTakeFirst();
    if (!row) break;
    links.set(at, row.replaced_by);
    at = row.replaced_by;
  }
  return currentProduct(productId, links);
}

async function successorIn(db: Db, locale: LocaleCode, id: number): Promise<Successor | null> {
  const row = await db
    .selectFrom('products as p')
    .innerJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', locale))
    .where('p.id', '=', id)
    .select(['p.id', 'p.sku', 't.name', 't.slug'])
    .executeTakeFirst();
  return row ? { ...row, url: pathFor('product', locale, { slug: row.slug }) } : null;
}

export async function partNumbersOf(db: Db, locale: LocaleCode, productId: number): Promise<PartNumbers> {
  const [numbers, end] = await Promise.all([productNumbers(db, [productId]), chainEnd(db, productId)]);
  return { numbers: numbers.get(productId) ?? [], successor: end === productId ? null : await successorIn(db, locale, end) };
}

/** A page is left out (and its address redirected) for a product replaced and no longer orderable. */
export const redirectsToSuccessor = (orderable: boolean, successor: Successor | null): boolean => !orderable && successor !== null;

/** Ids of products replaced by another and not orderable: the build renders no page for them. */
export async function redirectedProductIds(db: Db): Promise<Set<number>> {
  const rows = await db
    .selectFrom('product_supersessions as s')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .where('p.orderable', '=', 0)
    .select('p.id')
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** The slug a superseded, unsold product's address leads to in this storefront; undefined for any other address. */
export async function successorSlug(db: Db, locale: LocaleCode, slug: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('product_translations as t')
    .innerJoin('products as p', 'p.id', 't.product_id')
    .innerJoin('product_supersessions as s', 's.product_id', 'p.id')
    .where('t.locale', '=', locale)
    .where('t.slug', '=', slug)
    .select(['p.id', 'p.orderable'])
    .executeTakeFirst();
  if (!row || row.orderable) return undefined;
  const successor = await successorIn(db, locale, await chainEnd(db, row.id));
  return successor && successor.id !== row.id ? successor.slug : undefined;
}

/**
 * successorSlug as the host reads it: each answer kept `ttlMs` (a flood of unknown addresses costs one query per
 * address and interval), like the content studio's redirects (src/server/content/redirects.ts).
 */
export function cachedSuccessorSlugs(db: Db, ttlMs = 5000, maxEntries = 5000, now = Date.now) {
  const cache = new Map<string, { to: string | undefined; until: number }>();
  return async (locale: LocaleCode, slug: string): Promise<string | undefined> => {
    const key = `${locale}\0${slug}`;
    const hit = cache.get(key);
    if (hit && hit.until > now()) return hit.to;
    const to = await successorSlug(db, locale, slug);
    if (cache.size >= maxEntries) cache.clear();
    cache.set(key, { to, until: now() + ttlMs });
    return to;
  };
}
