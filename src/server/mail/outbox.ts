/**
 * The e-mail outbox (docs/product/emails.md#delivery): a message is a row before it is anything else.
 * With SMTP configured it is `queued` for the delivery worker; without, the row itself is the delivery
 * (`outbox`), readable with `npm run outbox`. A dedupe key makes enqueueing one business fact twice a no-op,
 * so completion, notification and reconciliation may all ask for the same confirmation.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '#server/db/connection.ts';
import type { MailOutboxTable } from '#server/db/mail-tables.ts';
import type { OutgoingMail } from '#lib/mail/mail-message.ts';
import { mailConfig } from './mail-config.ts';

/** `skipped`: a marketing message whose recipient unsubscribed before it was sent. */
export type MailStatus = 'queued' | 'sending' | 'sent' | 'outbox' | 'failed' | 'skipped';
export type MailRow = MailOutboxTable;

/**
 * Writes the message; answers its id (the existing one when the dedupe key was already used).
 * `smtp`: whether a delivery worker will send it (default: whether SMTP_URL is configured).
 * `notBefore`: the worker sends it from then on (spreads a burst, e.g. back-in-stock mails; default: now).
 */
export async function enqueueMail(
  db: Db,
  mail: OutgoingMail,
  { now = new Date(), smtp = mailConfig().smtpUrl !== null, notBefore }: { now?: Date; smtp?: boolean; notBefore?: Date } = {},
): Promise<string> {
  const at = now.toISOString();
  const id = randomUUID();
  const status: MailStatus = smtp ? 'queued' : 'outbox';
  await db
    .insertInto('mail_outbox')
    .values({
      id,
      kind: mail.kind,
      locale: mail.locale,
      recipient: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      headers: JSON.stringify(mail.headers ?? {}),
      dedupe_key: mail.dedupeKey ?? null,
      status,
      attempts: 0,
      next_attempt_at: notBefore && notBefore > now ? notBefore.toISOString() : at,
      created_at: at,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
  if (!mail.dedupeKey) return id;
  const row = await db.selectFrom('mail_outbox').select('id').where('dedupe_key', '=', mail.dedupeKey).executeTakeFirstOrThrow();
  return row.id;
}

export function listMail(db: Db, opts: { limit?: number; to?: string; kind?: string } = {}): Promise<MailRow[]> {
  let q = db.selectFrom('mail_outbox').selectAll();
  if (opts.to) q = q.where('recipient', '=', opts.to);
  if (opts.kind) q = q.where('kind', '=', opts.kind);
  return q
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(opts.limit ?? 20)
    .execute();
}

export function readMail(db: Db, id: string): Promise<MailRow | undefined> {
  return db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

/** An operator's "send it again" for a failed message: queued now, attempts counted afresh. */
export async function requeueMail(db: Db, id: string, now = new Date()): Promise<boolean> {
  const r = await db
    .updateTable('mail_outbox')
    .set({ status: 'queued', attempts: 0, next_attempt_at: now.toISOString(), claimed_at: null })
    .where('id', '=', id)
    .where('status', 'in', ['failed', 'outbox'])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
