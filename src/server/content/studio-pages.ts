/**
 * The studio's reads and page-level changes (docs/product/content-studio.md): every storefront's content pages
 * with their state, grouped as translations; where a page is linked from; unpublishing; a change of address that
 * leaves a redirect. Each change that the public pages show writes a change-feed row for the pages it touches, so
 * every node re-renders (or removes) them within seconds (docs/adr/0017-incremental-pages.md).
 */
import type { Db } from '#server/db/connection.ts';
import { LOCALE_CODES, isLocaleCode, type LocaleCode } from '#lib/market/locales.ts';
import { InvalidRequestError, NotFoundError } from '#lib/errors/domain-errors.ts';
import { recordChange } from '#server/catalogue/change-feed.ts';
import { contentTag } from '#server/catalogue/page-tags.ts';
import { addRedirect } from './redirects.ts';
import { moveVersions } from './studio-versions.ts';
import { assertContentAddress } from './studio-drafts.ts';

export type PageState = 'published' | 'changed' | 'draft' | 'unpublished';

export interface StudioPageRow {
  locale: LocaleCode;
  slug: string;
  title: string;
  state: PageState;
  /** A scheduled publish (ISO, UTC). */
  publishAt: string | null;
  updatedAt: string;
  updatedBy: string | null;
  group: string;
}

export interface TranslationGroup {
  group: string;
  pages: StudioPageRow[];
  missing: LocaleCode[];
}

/** A page's translation group: its key, or its own storefront and address when it has none. */
export const groupOf = (locale: string, slug: string, key: string | null | undefined) => key || `${locale}:${slug}`;

/** Every content page and page draft of the storefronts, as translation groups (sorted by their first title). */
export async function studioPageGroups(db: Db, only?: LocaleCode): Promise<TranslationGroup[]> {
  const pages = await db
    .selectFrom('content_pages')
    .select(['locale', 'slug', 'title', 'published', 'updated_at', 'translation_key'])
    .execute();
  const drafts = await db
    .selectFrom('content_drafts')
    .select(['locale', 'key', 'title', 'updated_at', 'updated_by', 'publish_at', 'translation_key'])
    .where('kind', '=', 'page')
    .execute();
  const rows = new Map<string, StudioPageRow>();
  for (const p of pages) {
    if (!isLocaleCode(p.locale)) continue;
    rows.set(`${p.locale}:${p.slug}`, {
      locale: p.locale,
      slug: p.slug,
      title: p.title,
      state: p.published ? 'published' : 'unpublished',
      publishAt: null,
      updatedAt: p.updated_at,
      updatedBy: null,
      group: groupOf(p.locale, p.slug, p.translation_key),
    });
  }
  for (const d of drafts) {
    if (!isLocaleCode(d.locale)) continue;
    const id = `${d.locale}:${d.key}`;
    const page = rows.get(id);
    if (page) {
      // a draft saved after the last publish holds changes shoppers do not see yet
      if (page.state === 'published' && d.updated_at > page.updatedAt) page.state = 'changed';
      page.publishAt = d.publish_at;
      page.updatedBy = d.updated_by;
      if (d.updated_at > page.updatedAt) page.updatedAt = d.updated_at;
    } else
      rows.set(id, {
        locale: d.locale,
        slug: d.key,
        title: d.title,
        state: 'draft',
        publishAt: d.publish_at,
        updatedAt: d.updated_at,
        updatedBy: d.updated_by,
        group: groupOf(d.locale, d.key, d.translation_key),
      });
  }
  const groups = new Map<string, StudioPageRow[]>();
  for (const r of rows.values()) groups.set(r.group, [...(groups.get(r.group) ?? []), r]);
  return [...groups.entries()]
    .map(([group, list]) => ({
      group,
      pages: list.sort((a, b) => LOCALE_CODES.indexOf(a.locale) - LOCALE_CODES.indexOf(b.locale)),
      missing: LOCALE_CODES.filter((l) => !list.some((p) => p.locale === l)),
    }))
    .filter((g) => !only || g.pages.some((p) => p.locale === only))
    .sort((a, b) => a.pages[0]!.title.localeCompare(b.pages[0]!.title));
}

/** The published page of an address (any state), or undefined. */
export const contentPageRow = (db: Db, locale: LocaleCode, slug: string) =>
  db.selectFrom('content_pages').selectAll().where('locale', '=', locale).where('slug', '=', slug).executeTakeFirst();

/** Pages and widgets of the storefront whose published HTML links to this page (its address or its link ref). */
export async function linkedFrom(
  db: Db,
  locale: LocaleCode,
  slug: string,
  group: string,
): Promise<{ kind: 'page' | 'widget'; key: string; title: string }[]> {
  const hrefs = [`href="/${slug}"`, `href="/${slug}#`, `href="/${slug}?`, `data-link="page:${group}"`];
  const links = (html: string) => hrefs.some((h) => html.includes(h));
  const pages = await db
    .selectFrom('content_pages')
    .select(['slug', 'title', 'body_html'])
    .where('locale', '=', locale)
    .where('published', '=', 1)
    .execute();
  const widgets = await db.selectFrom('widgets').select(['slug', 'content']).where('locale', '=', locale).execute();
  return [
    ...pages.filter((p) => p.slug !== slug && links(p.body_html)).map((p) => ({ kind: 'page' as const, key: p.slug, title: p.title })),
    ...widgets.filter((w) => links(w.content)).map((w) => ({ kind: 'widget' as const, key: w.slug, title: w.slug })),
  ];
}

/** Takes a published page off the storefront (its draft and history stay; publishing brings it back). */
export async function unpublishPage(db: Db, locale: LocaleCode, slug: string, by: string, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('content_pages')
      .set({ published: 0, updated_at: now.toISOString() })
      .where('locale', '=', locale)
      .where('slug', '=', slug)
      .where('published', '=', 1)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw new NotFoundError('this page is not published', 'slug');
    await recordChange(trx, { tags: [contentTag(locale, slug)], locales: [locale], reason: 'content', changedBy: by });
  });
}

/** A free address for a new or renamed page: a content address that no page or draft of the storefront has. */
export async function assertFreeAddress(db: Db, locale: LocaleCode, slug: string): Promise<void> {
  assertContentAddress(locale, slug);
  const taken =
    (await contentPageRow(db, locale, slug)) ??
    (await db
      .selectFrom('content_drafts')
      .select('id')
      .where('kind', '=', 'page')
      .where('locale', '=', locale)
      .where('key', '=', slug)
      .executeTakeFirst());
  if (taken) throw new InvalidRequestError(`/${slug} is already a page of this storefront`, 'slug');
}

/**
 * Moves a page to a new address: the page, its draft and its history move; the old address answers a permanent
 * redirect to the new one. The change feed re-renders the new address and removes the old one on every node.
 */
export async function renamePage(db: Db, locale: LocaleCode, from: string, to: string, by: string, now = new Date()): Promise<void> {
  if (from === to) return;
  await assertFreeAddress(db, locale, to);
  await db.transaction().execute(async (trx) => {
    const page = await trx
      .selectFrom('content_pages')
      .select(['published'])
      .where('locale', '=', locale)
      .where('slug', '=', from)
      .executeTakeFirst();
    await trx
      .updateTable('content_pages')
      .set({ slug: to, updated_at: now.toISOString() })
      .where('locale', '=', locale)
      .where('slug', '=', from)
      .execute();
    await trx
      .updateTable('content_drafts')
      .set({ key: to })
      .where('kind', '=', 'page')
      .where('locale', '=', locale)
      .where('key', '=', from)
      .execute();
    await moveVersions(trx, locale, from, to);
    // only a page shoppers could reach leaves a redirect (its change-feed row takes the old address off every
    // node); a draft never had a public address
    if (page?.published) await addRedirect(trx, { locale, from, to, by, at: now });
    await recordChange(trx, {
      tags: [contentTag(locale, to)],
      locales: [locale],
      reason: 'content',
      changedBy: by,
    });
  });
}
