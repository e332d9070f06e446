/**
 * Scheduled publishing (docs/product/content-editing.md#publishing): a draft with a due `publish_at` is published
 * by exactly one node. Every node polls; a node claims a draft by clearing `publish_at` in the statement that checks
 * it (`… WHERE id = ? AND publish_at = ?`), and only the node whose claim changed a row publishes it. A publish that
 * fails puts the schedule back (unless the editor set a new one meanwhile), so the next poll tries again.
 */
import type { Db } from '#server/db/connection.ts';
import type { Logger } from '#server/telemetry/logger.ts';
import { publishDraft, type PublishOutcome, type RebuildControl } from './publish-content.ts';

/** Drafts published in one poll at most: a burst of schedules is worked off over a few polls. */
export const SCHEDULE_BATCH = 20;

/** One scheduled publish, for the audit log (the caller writes it: content sits beside the staff folder, docs/adr/0006-source-layout.md). */
export interface ScheduledPublish {
  draftId: string;
  kind: string;
  locale: string;
  key: string;
  /** The staff e-mail that scheduled it (content_drafts.scheduled_by). */
  scheduledBy: string;
  /** The time it was scheduled for. */
  publishAt: string;
  publishedAt: string;
  rebuild: PublishOutcome;
}

export interface PublishDueReport {
  published: ScheduledPublish[];
  /** Drafts another node claimed first. */
  skipped: string[];
  /** Drafts whose publish failed; their schedule is back. */
  failed: string[];
}

type Log = Pick<Logger, 'info' | 'error'>;

/**
 * Publishes the drafts due at `now`, each once across every node polling the same database. `audit` is called
 * after each publish (a failing audit is logged; the page is live either way).
 */
export async function publishDueDrafts(
  db: Db,
  now: Date,
  rebuild: RebuildControl,
  log: Log,
  audit?: (entry: ScheduledPublish) => Promise<void>,
): Promise<PublishDueReport> {
  const report: PublishDueReport = { published: [], skipped: [], failed: [] };
  const due = await db
    .selectFrom('content_drafts')
    .select(['id', 'publish_at', 'scheduled_by'])
    .where('publish_at', 'is not', null)
    .where('publish_at', '<=', now.toISOString())
    .orderBy('publish_at')
    .orderBy('id')
    .limit(SCHEDULE_BATCH)
    .execute();
  for (const d of due) {
    const publishAt = d.publish_at!;
    const scheduledBy = d.scheduled_by ?? 'scheduler';
    const claim = await db
      .updateTable('content_drafts')
      .set({ publish_at: null, scheduled_by: null })
      .where('id', '=', d.id)
      .where('publish_at', '=', publishAt)
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) {
      report.skipped.push(d.id);
      continue;
    }
    // read after the claim: the draft as the editor left it last
    const draft = await db.selectFrom('content_drafts').selectAll().where('id', '=', d.id).executeTakeFirst();
    if (!draft) continue; // deleted meanwhile: nothing to publish
    const subject = { draft: draft.id, kind: draft.kind, locale: draft.locale, key: draft.key, publishAt, scheduledBy };
    let published: Awaited<ReturnType<typeof publishDraft>>;
    try {
      published = await publishDraft(db, draft, scheduledBy, rebuild, now);
    } catch (err) {
      report.failed.push(draft.id);
      log.error({ err, ...subject }, 'scheduled publish failed; the schedule stays and is tried again');
      await db
        .updateTable('content_drafts')
        .set({ publish_at: publishAt, scheduled_by: d.scheduled_by })
        .where('id', '=', draft.id)
        .where('publish_at', 'is', null) // a new schedule set meanwhile wins
        .execute()
        .catch((e: unknown) => log.error({ err: e, ...subject }, 'the failed schedule could not be put back'));
      continue;
    }
    const entry: ScheduledPublish = {
      draftId: draft.id,
      kind: draft.kind,
      locale: draft.locale,
      key: draft.key,
      scheduledBy,
      publishAt,
      publishedAt: published.publishedAt,
      rebuild: published.rebuild,
    };
    report.published.push(entry);
    log.info({ ...subject, rebuild: published.rebuild }, `scheduled ${draft.kind} ${draft.locale}:${draft.key} published`);
    if (audit) await audit(entry).catch((err: unknown) => log.error({ err, ...subject }, 'the scheduled publish was not audited'));
  }
  return report;
}

export const DEFAULT_SCHEDULE_POLL_MS = 5000;

/** PARTSFRONT_SCHEDULE_POLL_MS: how often each node looks for due drafts (0: never). */
export function schedulePollMs(env: Record<string, string | undefined> = process.env): number {
  const ms = Number(env.PARTSFRONT_SCHEDULE_POLL_MS ?? DEFAULT_SCHEDULE_POLL_MS);
  return Number.isFinite(ms) && ms > 0 ? Math.max(100, ms) : 0;
}
