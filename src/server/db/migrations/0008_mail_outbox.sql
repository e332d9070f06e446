-- Transactional e-mail (docs/product/emails.md): every message is written here first, in the same process
-- that decided to send it, so nothing is lost when SMTP is down. Without SMTP configured the row is the
-- delivery (status 'outbox', read with `npm run outbox`); with SMTP it is queued, sent and retried.
CREATE TABLE mail_outbox (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  locale TEXT NOT NULL,
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  text_body TEXT NOT NULL,
  html_body TEXT NOT NULL,
  -- extra headers as JSON ({ "List-Unsubscribe": "…" })
  headers TEXT NOT NULL DEFAULT '{}',
  -- one message per business fact (e.g. 'order_confirmation:100107') however often it is enqueued
  dedupe_key TEXT,
  status TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  claimed_at TEXT,
  last_error TEXT,
  message_id TEXT,
  created_at TEXT NOT NULL,
  sent_at TEXT
);
CREATE UNIQUE INDEX mail_outbox_dedupe ON mail_outbox(dedupe_key);
CREATE INDEX mail_outbox_due ON mail_outbox(status, next_attempt_at);
