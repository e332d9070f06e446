-- Server-side auth state (docs/product/accounts.md#tokens). Only SHA-256 hashes of tokens are stored: a copy of
-- this table signs nobody in.
-- Refresh tokens in families: login starts a family, every refresh rotates (marks the presented token used and
-- adds its successor); presenting a used token again revokes the whole family. scope 'my-account' names a
-- customer, 'my-order' one guest order.
CREATE TABLE auth_refresh_tokens (
  token_hash TEXT PRIMARY KEY,
  family_id TEXT NOT NULL,
  scope TEXT NOT NULL,
  customer_id INTEGER,
  order_id TEXT,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);
CREATE INDEX auth_refresh_tokens_family ON auth_refresh_tokens(family_id);
CREATE INDEX auth_refresh_tokens_expiry ON auth_refresh_tokens(expires_at);
-- One row per family: revoked_at is set on logout and on reuse of a rotated token (access tokens name their
-- family, so they die with it).
CREATE TABLE auth_token_families (
  id TEXT PRIMARY KEY,
  scope TEXT NOT NULL,
  created_at TEXT NOT NULL,
  revoked_at TEXT,
  revoke_reason TEXT
);
-- One-time tokens mailed to a customer (set password, reset password, login link, verify e-mail): usable once
-- (used_at), short-lived (expires_at), for one purpose.
CREATE TABLE auth_one_time_tokens (
  token_hash TEXT PRIMARY KEY,
  purpose TEXT NOT NULL,
  customer_id INTEGER NOT NULL,
  email TEXT,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);
CREATE INDEX auth_one_time_tokens_customer ON auth_one_time_tokens(customer_id, purpose);
CREATE INDEX auth_one_time_tokens_expiry ON auth_one_time_tokens(expires_at);
CREATE INDEX auth_token_families_created ON auth_token_families(created_at);
