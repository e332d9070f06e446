/** Published editor pages (content_pages) with their body sanitized, for the content catch-all route. */
import { isLocaleCode, type LocaleCode } from '#lib/market/locales.ts';
import type { Db } from '#server/db/connection.ts';
import { sanitizeEditorHtml } from './sanitize.ts';

export interface ContentPage {
  locale: LocaleCode;
  slug: string;
  title: string;
  bodyHtml: string;
  metaDescription: string;
}

const published = (db: Db) =>
  db.selectFrom('content_pages').select(['locale', 'slug', 'title', 'body_html', 'meta_description']).where('published', '=', 1);

type Row = Awaited<ReturnType<ReturnType<typeof published>['execute']>>[number];
const contentPage = (r: Row): ContentPage[] =>
  isLocaleCode(r.locale)
    ? [{ locale: r.locale, slug: r.slug, title: r.title, bodyHtml: sanitizeEditorHtml(r.body_html), metaDescription: r.meta_description }]
    : [];

export async function publishedContentPages(db: Db): Promise<ContentPage[]> {
  return (await published(db).execute()).flatMap(contentPage);
}

/** One published page as it is now (the render twin of docs/adr/0017-incremental-pages.md); undefined when there is none. */
export async function publishedContentPage(db: Db, locale: LocaleCode, slug: string): Promise<ContentPage | undefined> {
  const row = await published(db).where('locale', '=', locale).where('slug', '=', slug).executeTakeFirst();
  return row ? contentPage(row)[0] : undefined;
}
