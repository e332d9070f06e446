/**
 * Redirects of changed content addresses (docs/product/content-editing.md): a page moved from one slug to another
 * leaves `from → to`, which the host answers with a 301 wherever `from` is not a page. The table never holds a
 * chain: a new address re-points every redirect that led to the old one, and a slug that is a live page again
 * loses its own redirect.
 */
import type { Transaction } from 'kysely';
import type { Db } from '#server/db/connection.ts';
import type { Database } from '#server/db/schema.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { recordChange } from '#server/catalogue/change-feed.ts';
import { contentTag } from '#server/catalogue/page-tags.ts';

export interface NewRedirect {
  locale: LocaleCode;
  from: string;
  to: string;
  /** The staff e-mail (or editor) who moved the page. */
  by: string;
  at: Date;
}

/**
 * Records `from → to` inside the caller's transaction (the rename's), with a change-feed row for `from`: every node
 * re-renders the old address, its twin answers 404 (no page there now), and the page leaves the build
 * (src/builds/build-pages.ts), after which the host answers the redirect. from = to records nothing.
 */
export async function addRedirect(trx: Transaction<Database>, r: NewRedirect): Promise<void> {
  if (r.from === r.to) return;
  const at = r.at.toISOString();
  // `to` is a live page again: its own redirect would hide it (and could point back at `from`)
  await trx.deleteFrom('content_redirects').where('locale', '=', r.locale).where('from_slug', '=', r.to).execute();
  // earlier addresses of the page lead straight to the new one, never through `from`
  await trx.updateTable('content_redirects').set({ to_slug: r.to }).where('locale', '=', r.locale).where('to_slug', '=', r.from).execute();
  await trx
    .insertInto('content_redirects')
    .values({ locale: r.locale, from_slug: r.from, to_slug: r.to, created_by: r.by, created_at: at })
    .onConflict((oc) => oc.columns(['locale', 'from_slug']).doUpdateSet({ to_slug: r.to, created_by: r.by, created_at: at }))
    .execute();
  await recordChange(trx, { tags: [contentTag(r.locale, r.from)], locales: [r.locale], reason: 'content', changedBy: r.by });
}

/** The slug `slug` leads to in this storefront, or undefined. */
export async function findRedirect(db: Db, locale: LocaleCode, slug: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('content_redirects')
    .select('to_slug')
    .where('locale', '=', locale)
    .where('from_slug', '=', slug)
    .executeTakeFirst();
  return row?.to_slug;
}

/** Redirects as the host reads them: each answer kept `ttlMs`, so a flood of unknown addresses costs one query per address and interval. */
export function cachedRedirects(db: Db, ttlMs = 5000, maxEntries = 5000, now = Date.now) {
  const cache = new Map<string, { to: string | undefined; until: number }>();
  return async (locale: LocaleCode, slug: string): Promise<string | undefined> => {
    const key = `${locale}\0${slug}`;
    const hit = cache.get(key);
    if (hit && hit.until > now()) return hit.to;
    const to = await findRedirect(db, locale, slug);
    if (cache.size >= maxEntries) cache.delete(cache.keys().next().value as string);
    cache.delete(key);
    cache.set(key, { to, until: now() + ttlMs });
    return to;
  };
}
