-- Customer accounts for the myAccount strategy (docs/product/accounts.md#user): password hashes (scrypt) and the
-- personal discount map keyed by discount category (JSON object as TEXT, percent values).
CREATE TABLE customers (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL DEFAULT '',
  password_hash TEXT NOT NULL,
  discounts TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL
);
