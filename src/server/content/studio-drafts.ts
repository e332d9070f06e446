/**
 * The studio's page drafts (docs/product/content-studio.md#autosave): every save raises the
 * draft's revision and names the revision it started from. A save from an older revision is refused with who saved
 * in between, so two editors never overwrite each other silently. The check and the write are one statement
 * (`… WHERE revision = base`), so two saves racing from the same revision cannot both win.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { ConflictError, InvalidRequestError } from '#lib/errors/domain-errors.ts';
import { matchPublicPath } from '#lib/routing/routes.ts';
import { sanitizeEditorHtml } from './sanitize.ts';
import type { DraftRow } from './drafts-store.ts';

export interface PageDraftInput {
  /** A content page (default) or a layout widget (slug = the widget's slug; no title or description). */
  kind?: 'page' | 'widget';
  locale: LocaleCode;
  slug: string;
  /** A widget's "hidden" switch. */
  hidden?: boolean;
  title: string;
  metaDescription: string;
  bodyHtml: string;
  /** The revision the editor's copy started from; 0 when the page had no draft. */
  baseRevision: number;
  /** The staff member saving (their e-mail: drafts and the publish log name it). */
  editor: string;
  /** A new page's translation group (kept on the draft until it is published). */
  translationKey?: string | null;
}

/** Who saved the draft after the editor's base revision. */
export class DraftConflict extends ConflictError {
  constructor(readonly current: { revision: number; updatedBy: string; updatedAt: string }) {
    super(`${current.updatedBy} saved this page at ${current.updatedAt}; reload it to see their version`);
  }
}

export const pageDraftOf = (db: Db, locale: LocaleCode, slug: string, kind: 'page' | 'widget' = 'page'): Promise<DraftRow | undefined> =>
  db
    .selectFrom('content_drafts')
    .selectAll()
    .where('kind', '=', kind)
    .where('locale', '=', locale)
    .where('key', '=', slug)
    .executeTakeFirst();

/** A content page's address is free or already a content page (not a product, category, search … path). */
export function assertContentAddress(locale: LocaleCode, slug: string): void {
  if (matchPublicPath(locale, `/${slug}`)?.name !== 'content')
    throw new InvalidRequestError(`/${slug} is the address of another page of the storefront`, 'slug');
}

/** Saves the page's (or widget's) draft from `baseRevision`; the stored draft, or DraftConflict when another save came first. */
export async function savePageDraft(db: Db, input: PageDraftInput, now = new Date()): Promise<DraftRow> {
  const kind = input.kind ?? 'page';
  if (kind === 'page') assertContentAddress(input.locale, input.slug);
  const values = {
    title: kind === 'page' ? input.title : '',
    body_html: sanitizeEditorHtml(input.bodyHtml),
    meta_description: kind === 'page' ? input.metaDescription : '',
    hidden: kind === 'widget' && input.hidden ? 1 : 0,
    updated_by: input.editor,
    updated_at: now.toISOString(),
  };
  const where = { kind, locale: input.locale, key: input.slug };
  if (input.baseRevision > 0) {
    const r = await db
      .updateTable('content_drafts')
      .set({ ...values, revision: sql<number>`revision + 1` })
      .where('kind', '=', where.kind)
      .where('locale', '=', where.locale)
      .where('key', '=', where.key)
      .where('revision', '=', input.baseRevision)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 1) return (await pageDraftOf(db, input.locale, input.slug, kind))!;
  } else {
    // the first draft of the page; a concurrent first save hits the unique key and is the conflict below
    const r = await db
      .insertInto('content_drafts')
      .values({ id: randomUUID(), ...where, ...values, deal: null, revision: 1, translation_key: input.translationKey ?? null })
      .onConflict((oc) => oc.columns(['kind', 'locale', 'key']).doNothing())
      .executeTakeFirst();
    if (Number(r.numInsertedOrUpdatedRows ?? 0) === 1) return (await pageDraftOf(db, input.locale, input.slug, kind))!;
  }
  const current = await pageDraftOf(db, input.locale, input.slug, kind);
  if (!current) throw new InvalidRequestError('this page has no draft to save over; reload it', 'baseRevision');
  throw new DraftConflict({ revision: current.revision, updatedBy: current.updated_by, updatedAt: current.updated_at });
}
