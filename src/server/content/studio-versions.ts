/**
 * What went live at each publish (docs/product/content-studio.md#version-history): numbered per page, widget or
 * deal and storefront, written in the publish's transaction; read back for the history, its diff and a restore
 * (a restore copies the version into the draft, which the editor then publishes as a new version).
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Db } from '#server/db/connection.ts';
import type { Database } from '#server/db/schema.ts';
import type { ContentVersionsTable } from '#server/db/content-draft-tables.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { DraftRow } from './drafts-store.ts';

export type VersionRow = Selectable<ContentVersionsTable>;

export async function recordVersion(trx: Kysely<Database>, draft: DraftRow, editor: string, at: string): Promise<number> {
  const last = await trx
    .selectFrom('content_versions')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('kind', '=', draft.kind)
    .where('locale', '=', draft.locale)
    .where('key', '=', draft.key)
    .executeTakeFirst();
  const version = Number(last?.version ?? 0) + 1;
  await trx
    .insertInto('content_versions')
    .values({
      id: randomUUID(),
      kind: draft.kind,
      locale: draft.locale,
      key: draft.key,
      version,
      title: draft.title,
      body_html: draft.body_html,
      meta_description: draft.meta_description,
      hidden: draft.hidden,
      deal: draft.deal,
      published_by: editor,
      published_at: at,
    })
    .execute();
  return version;
}

/** The versions of one page, newest first. */
export function pageVersions(db: Db, locale: LocaleCode, slug: string): Promise<VersionRow[]> {
  return db
    .selectFrom('content_versions')
    .selectAll()
    .where('kind', '=', 'page')
    .where('locale', '=', locale)
    .where('key', '=', slug)
    .orderBy('version', 'desc')
    .execute();
}

/** Moves a page's versions to its new address (a rename keeps its history). */
export async function moveVersions(trx: Kysely<Database>, locale: LocaleCode, from: string, to: string): Promise<void> {
  await trx
    .updateTable('content_versions')
    .set({ key: to })
    .where('kind', '=', 'page')
    .where('locale', '=', locale)
    .where('key', '=', from)
    .execute();
}

/** Copies a version into the page's draft (raising its revision); the draft as stored, or undefined without one. */
export async function restoreVersionToDraft(db: Db, version: VersionRow, editor: string, now = new Date()): Promise<DraftRow | undefined> {
  await db
    .updateTable('content_drafts')
    .set({
      title: version.title,
      body_html: version.body_html,
      meta_description: version.meta_description,
      updated_by: editor,
      updated_at: now.toISOString(),
      revision: sql<number>`revision + 1`,
    })
    .where('kind', '=', version.kind)
    .where('locale', '=', version.locale)
    .where('key', '=', version.key)
    .execute();
  return db
    .selectFrom('content_drafts')
    .selectAll()
    .where('kind', '=', version.kind)
    .where('locale', '=', version.locale)
    .where('key', '=', version.key)
    .executeTakeFirst();
}
