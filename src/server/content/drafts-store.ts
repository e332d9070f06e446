/**
 * Drafts of content pages, widgets and deals beside their published rows (docs/adr/0014-content-drafts-and-preview.md):
 * one draft per (kind, locale, key), its HTML sanitized before it is stored. Only pages, widgets and deals that the
 * storefront already has can be drafted (a deal also as `new`); nothing here touches the published tables.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { SaveDraft } from '#lib/content/draft-contracts.ts';
import type { ContentDraftsTable } from '#server/db/content-draft-tables.ts';
import { sanitizeEditorHtml } from './sanitize.ts';
import { dealExists, dealFields } from './deal-drafts.ts';

export type DraftRow = Selectable<ContentDraftsTable>;

export async function publishedExists(db: Db, locale: LocaleCode, kind: string, key: string): Promise<boolean> {
  if (kind === 'deal') return dealExists(db, locale, key);
  const row =
    kind === 'page'
      ? await db.selectFrom('content_pages').select('slug').where('locale', '=', locale).where('slug', '=', key).executeTakeFirst()
      : await db.selectFrom('widgets').select('slug').where('locale', '=', locale).where('slug', '=', key).executeTakeFirst();
  return !!row;
}

/** Creates or replaces the storefront's draft of one page or widget; returns it as stored. */
export async function saveDraft(db: Db, locale: LocaleCode, input: SaveDraft & { editor: string }, now = new Date()): Promise<DraftRow> {
  const values = {
    title: input.kind === 'widget' ? '' : input.title,
    body_html: input.kind === 'deal' ? '' : sanitizeEditorHtml(input.bodyHtml),
    meta_description: input.kind === 'page' ? input.metaDescription : '',
    hidden: input.kind === 'widget' && input.hidden ? 1 : 0,
    deal:
      input.kind === 'deal'
        ? JSON.stringify({ sku: input.sku, discount: input.discount, startsAt: input.startsAt, expiresAt: input.expiresAt })
        : null,
    updated_by: input.editor,
    updated_at: now.toISOString(),
  };
  await db
    .insertInto('content_drafts')
    .values({ id: randomUUID(), kind: input.kind, locale, key: input.key, ...values })
    // a save over the draft raises its revision, so a studio editor who started from the older one is told (studio-drafts.ts)
    .onConflict((oc) =>
      oc.columns(['kind', 'locale', 'key']).doUpdateSet({ ...values, revision: sql<number>`content_drafts.revision + 1` }),
    )
    .execute();
  return db
    .selectFrom('content_drafts')
    .selectAll()
    .where('kind', '=', input.kind)
    .where('locale', '=', locale)
    .where('key', '=', input.key)
    .executeTakeFirstOrThrow();
}

/** A draft of this storefront (another storefront's draft id finds nothing). */
export async function readDraft(db: Db, id: string, locale: LocaleCode): Promise<DraftRow | undefined> {
  return db.selectFrom('content_drafts').selectAll().where('id', '=', id).where('locale', '=', locale).executeTakeFirst();
}

export const draftView = (d: DraftRow) => ({
  id: d.id,
  kind: d.kind,
  locale: d.locale,
  key: d.key,
  title: d.title,
  bodyHtml: d.body_html,
  metaDescription: d.meta_description,
  hidden: d.hidden === 1,
  updatedBy: d.updated_by,
  updatedAt: d.updated_at,
  deal: dealFields(d),
});
