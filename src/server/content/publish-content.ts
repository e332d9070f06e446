/**
 * Publishing a draft (docs/product/content-editing.md#publishing): copies it over the published row and writes
 * the publish log in one transaction.
 * - A content page: the same transaction records a change-feed row for that page, and every node re-renders just
 *   that page within seconds (docs/adr/0017-incremental-pages.md); no rebuild.
 * - A widget is part of every page's layout, and so is a deal (its banner's room is reserved at build time): they
 *   start the full rebuild. A rebuild already under way refuses them (409 rebuild_running): nothing is copied, the
 *   editor tries again.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '#server/db/connection.ts';
import { RebuildRunningError } from '#lib/errors/domain-errors.ts';
import type { DraftRow } from './drafts-store.ts';
import { recordChange } from '#server/catalogue/change-feed.ts';
import { contentTag } from '#server/catalogue/page-tags.ts';
import { publishDeal } from './deal-drafts.ts';
import { recordVersion } from './studio-versions.ts';

/** 'running': a rebuild began between the check and the commit; it may predate this change (docs/product/content-editing.md). */
export type RebuildOutcome = 'started' | 'running' | 'off';
/** How a publish reaches the static pages: a rebuild outcome, or 'incremental' (the page alone re-rendered). */
export type PublishOutcome = RebuildOutcome | 'incremental';

export interface RebuildControl {
  running(): boolean;
  /** Starts the rebuild; 'off' when this deployment rebuilds on no request (no PARTSFRONT_REBUILD_TOKEN). */
  start(): RebuildOutcome;
}

export class RebuildRunning extends RebuildRunningError {}

export async function publishDraft(db: Db, draft: DraftRow, editor: string, rebuild: RebuildControl, now = new Date()) {
  const rebuilds = draft.kind !== 'page'; // a widget and a deal's banner are in every page's layout
  if (rebuilds && rebuild.running()) throw new RebuildRunning('a rebuild is running; publish again when it is done');
  const at = now.toISOString();
  const logId = randomUUID();
  let key = draft.key;
  await db.transaction().execute(async (trx) => {
    if (draft.kind === 'page') {
      // first: the change feed's counter row is locked until commit, so concurrent publishes (two nodes, PostgreSQL)
      // queue here and the next page id below is read after the other's commit
      await recordChange(trx, {
        tags: [contentTag(draft.locale, draft.key)],
        locales: [draft.locale],
        reason: 'content',
        changedBy: editor,
      });
      const page = {
        title: draft.title,
        body_html: draft.body_html,
        meta_description: draft.meta_description,
        updated_at: at,
        published: 1, // publishing an unpublished page brings it back
        ...(draft.translation_key ? { translation_key: draft.translation_key } : {}),
      };
      const updated = await trx
        .updateTable('content_pages')
        .set(page)
        .where('locale', '=', draft.locale)
        .where('slug', '=', draft.key)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        // a new page: the next id, read under the counter's lock taken above
        const max = await trx
          .selectFrom('content_pages')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst();
        await trx
          .insertInto('content_pages')
          .values({ id: Number(max?.id ?? 0) + 1, locale: draft.locale, slug: draft.key, ...page })
          .execute();
      }
    } else if (draft.kind === 'deal')
      key = String(await publishDeal(trx, draft)); // a new deal's id
    else
      await trx
        .updateTable('widgets')
        .set({ content: draft.body_html, hidden: draft.hidden })
        .where('locale', '=', draft.locale)
        .where('slug', '=', draft.key)
        .execute();
    await recordVersion(trx, { ...draft, key }, editor, at);
    // publishing now supersedes a publish scheduled for later
    await trx.updateTable('content_drafts').set({ publish_at: null, scheduled_by: null }).where('id', '=', draft.id).execute();
    await trx
      .insertInto('content_publish_log')
      .values({
        id: logId,
        draft_id: draft.id,
        kind: draft.kind,
        locale: draft.locale,
        key,
        published_by: editor,
        published_at: at,
        rebuild: draft.kind === 'page' ? 'incremental' : 'pending',
      })
      .execute();
  });
  let outcome: PublishOutcome = 'incremental';
  if (rebuilds) {
    outcome = rebuild.start();
    await db.updateTable('content_publish_log').set({ rebuild: outcome }).where('id', '=', logId).execute();
  }
  return { logId, publishedAt: at, publishedBy: editor, rebuild: outcome };
}
