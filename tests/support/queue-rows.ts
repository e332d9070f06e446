/**
 * Rows of the back office's health queues for tests (docs/product/back-office.md#health): an e-mail of the outbox
 * and a client error report, with the columns a test does not care about filled in.
 */
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { MailOutboxTable } from '#server/db/mail-tables.ts';
import type { ClientErrorsTable } from '#server/db/schema.ts';

export function outboxRow(m: {
  status: string;
  createdAt: string;
  subject: string;
  recipient: string;
  attempts: number;
  id?: string;
  kind?: string;
  lastError?: string | null;
  sentAt?: string | null;
}): Insertable<MailOutboxTable> {
  return {
    id: m.id ?? randomUUID(),
    kind: m.kind ?? 'order_confirmation',
    locale: 'sv',
    recipient: m.recipient,
    subject: m.subject,
    text_body: 'x',
    html_body: '<p>x</p>',
    headers: '{}',
    dedupe_key: null,
    status: m.status,
    attempts: m.attempts,
    next_attempt_at: m.createdAt,
    claimed_at: null,
    last_error: m.lastError ?? null,
    message_id: null,
    created_at: m.createdAt,
    sent_at: m.sentAt ?? null,
  };
}

export const clientErrorRow = (message: string, createdAt: string, locale = 'sv'): Insertable<ClientErrorsTable> => ({
  id: randomUUID(),
  created_at: createdAt,
  locale,
  level: 'error',
  message,
  stack: null,
  user_agent: null,
  url: null,
  ip_hash: 'h',
});
