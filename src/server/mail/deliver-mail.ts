/**
 * One delivery pass over the outbox (docs/product/emails.md#delivery): due `queued` messages (and
 * `sending` ones whose process died mid-send) are claimed row by row — an UPDATE that only one process can
 * win — sent, then marked `sent`, or rescheduled on the retry schedule, or `failed` when SMTP refuses for
 * good. Several server processes on one PostgreSQL never send one message twice at the same time.
 */
import type { Db } from '#server/db/connection.ts';
import { isLocaleCode, type LocaleCode } from '#lib/market/locales.ts';
import { retryDelayMs } from '#lib/mail/retry-schedule.ts';
import type { MailRow } from './outbox.ts';
import { isPermanentSmtpError, type MailSender } from './smtp-sender.ts';
import { isSuppressed } from './suppressions.ts';
import { metrics } from '#server/telemetry/metrics.ts';

/** A send that has not finished in this long is taken to have died with its process. */
const STALE_CLAIM_MS = 10 * 60_000;

export interface DeliverySummary {
  sent: number;
  retrying: number;
  failed: number;
}

async function claim(db: Db, id: string, at: string, staleBefore: string): Promise<boolean> {
  const r = await db
    .updateTable('mail_outbox')
    .set({ status: 'sending', claimed_at: at })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', staleBefore)])]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

async function settle(
  db: Db,
  row: MailRow,
  outcome: { messageId: string } | { error: unknown },
  now: Date,
): Promise<keyof DeliverySummary> {
  const attempts = row.attempts + 1;
  if ('messageId' in outcome) {
    await db
      .updateTable('mail_outbox')
      .set({ status: 'sent', attempts, sent_at: now.toISOString(), message_id: outcome.messageId, last_error: null })
      .where('id', '=', row.id)
      .execute();
    return 'sent';
  }
  const delay = isPermanentSmtpError(outcome.error) ? null : retryDelayMs(attempts);
  const message = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
  await db
    .updateTable('mail_outbox')
    .set({
      status: delay === null ? 'failed' : 'queued',
      attempts,
      claimed_at: null,
      last_error: message.slice(0, 500),
      next_attempt_at: new Date(now.getTime() + (delay ?? 0)).toISOString(),
    })
    .where('id', '=', row.id)
    .execute();
  return delay === null ? 'failed' : 'retrying';
}

/** A marketing message to an address that has unsubscribed since it was queued: never sent, kept with the reason. */
async function skipSuppressed(db: Db, id: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ status: 'skipped', claimed_at: null, last_error: 'recipient unsubscribed (mail_suppressions)' })
    .where('id', '=', id)
    .execute();
}

export async function deliverDueMail(
  db: Db,
  sender: MailSender,
  from: Record<LocaleCode, string>,
  now = new Date(),
  limit = 50,
): Promise<DeliverySummary> {
  const at = now.toISOString();
  const staleBefore = new Date(now.getTime() - STALE_CLAIM_MS).toISOString();
  const due = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('next_attempt_at', '<=', at)]),
        eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', staleBefore)]),
      ]),
    )
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  const summary: DeliverySummary = { sent: 0, retrying: 0, failed: 0 };
  for (const row of due) {
    if (!(await claim(db, row.id, at, staleBefore))) continue; // another process has it
    if (row.kind === 'marketing' && (await isSuppressed(db, row.recipient))) {
      await skipSuppressed(db, row.id); // unsubscribed after it was queued (docs/product/emails.md#marketing-e-mail-and-unsubscribe)
      continue;
    }
    const locale: LocaleCode = isLocaleCode(row.locale) ? row.locale : 'sv';
    const outcome = await sender
      .send({
        from: from[locale],
        to: row.recipient,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        headers: JSON.parse(row.headers) as Record<string, string>,
      })
      .catch((error: unknown) => ({ error }));
    const settled = await settle(db, row, outcome, new Date());
    summary[settled] += 1;
    metrics.mailDeliveries.inc({ outcome: settled });
  }
  // the backlog after this pass: what waits for SMTP (docs/product/logs-and-metrics.md#metrics)
  const backlog = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'queued')
    .executeTakeFirst();
  metrics.mailBacklog.set(Number(backlog?.n ?? 0));
  return summary;
}
