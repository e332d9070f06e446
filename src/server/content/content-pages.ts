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

export async function publishedContentPages(db: Db): Promise<ContentPage[]> {
  const rows = await db
    .selectFrom('content_pages')
    .select(['locale', 'slug', 'title', 'body_html', 'meta_description'])
    .where('published', '=', 1)
    .execute();
  return rows.flatMap((r) =>
    isLocaleCode(r.locale)
      ? [{ locale: r.locale, slug: r.slug, title: r.title, bodyHtml: sanitizeEditorHtml(r.body_html), metaDescription: r.meta_description }]
      : [],
  );
}
