/** Kysely types of the e-mail outbox (migration 0008_mail_outbox.sql). */
export interface MailOutboxTable {
  id: string;
  kind: string;
  locale: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers: string;
  dedupe_key: string | null;
  status: string;
  attempts: number;
  next_attempt_at: string;
  claimed_at: string | null;
  last_error: string | null;
  message_id: string | null;
  created_at: string;
  sent_at: string | null;
}
export interface MailTables {
  mail_outbox: MailOutboxTable;
}
