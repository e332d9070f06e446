/**
 * Scheduled publishing on every serving process (src/server/content/scheduled-publishing.ts): a poll every
 * PARTSFRONT_SCHEDULE_POLL_MS (default 5000, 0 = off) publishes the drafts that are due — each on exactly one node —
 * and writes each publish into the staff audit log as the staff member who scheduled it. Lives here, above the
 * server layers, because it joins content with staff (same layer: docs/adr/0006-source-layout.md).
 */
import type { Db } from '#server/db/connection.ts';
import type { RebuildControl } from '#server/content/publish-content.ts';
import { publishDueDrafts, type ScheduledPublish } from '#server/content/scheduled-publishing.ts';
import { recordStaffAction } from '#server/staff/audit-log.ts';
import { staffByEmail } from '#server/staff/staff-accounts.ts';
import { loggerFor } from '#server/telemetry/logger.ts';
import { pollEvery } from './poll-loop.ts';

const log = loggerFor('content');

/** The audit entry of one scheduled publish: action `content.publish`, by the staff member who scheduled it. */
export async function auditScheduledPublish(db: Db, p: ScheduledPublish): Promise<void> {
  const staff = await staffByEmail(db, p.scheduledBy);
  await recordStaffAction(
    db,
    {
      ...(staff ? { staff: { id: staff.id, email: staff.email } } : { actorEmail: p.scheduledBy }),
      action: 'content.publish',
      subject: { type: 'content', id: `${p.kind}:${p.locale}:${p.key}` },
      after: { scheduled: true, publishAt: p.publishAt, publishedAt: p.publishedAt, rebuild: p.rebuild },
    },
    new Date(p.publishedAt),
  );
}

export interface ScheduledPublishingOptions {
  db: Db;
  rebuild: RebuildControl;
  intervalMs: number;
  now?: () => Date;
}

/** Polls at once and then every `intervalMs` (never two polls at a time); a database it cannot read is said once. */
export function startScheduledPublishing({ db, rebuild, intervalMs, now = () => new Date() }: ScheduledPublishingOptions): { stop(): void } {
  let unreadable = false;
  return pollEvery(intervalMs, () =>
    publishDueDrafts(db, now(), rebuild, log, (p) => auditScheduledPublish(db, p))
      .then(() => (unreadable = false))
      .catch((err: unknown) => {
        if (!unreadable) log.error({ err }, 'scheduled drafts unreadable; they are published once the database answers');
        unreadable = true;
      }),
  );
}
