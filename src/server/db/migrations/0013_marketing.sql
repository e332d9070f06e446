-- Marketing e-mail (docs/product/emails.md#marketing-e-mail-and-unsubscribe): the addresses that unsubscribed,
-- by lower-cased e-mail for every storefront (no marketing mail is queued or sent to them again), and the key
-- that signs unsubscribe links when no PARTSFRONT_MAIL_SECRET / PARTSFRONT_AUTH_SECRET is configured.
CREATE TABLE mail_suppressions (
  email TEXT PRIMARY KEY,
  -- the storefront whose link was used
  locale TEXT NOT NULL,
  -- 'unsubscribe_link' (the page's button) or 'one_click' (RFC 8058 POST from a mail provider)
  reason TEXT NOT NULL,
  created_at TEXT NOT NULL
);

-- One row per key name ('unsubscribe'): generated once, so links survive restarts and the newsletter command
-- and the server (separate processes) sign and verify with the same key.
CREATE TABLE mail_signing_keys (
  name TEXT PRIMARY KEY,
  secret TEXT NOT NULL,
  created_at TEXT NOT NULL
);
