-- Coupons and automatic discounts (data, not code: the engine in src/lib/coupons reads these rows),
-- and the client error log of POST /captuerr. Portable SQL for SQLite and PostgreSQL.

-- One row per code and storefront: fixed amounts are in the storefront's currency.
-- Id lists are JSON arrays stored as TEXT. discount_type_value: 1 percentage, 2 fixed amount, 3 fixed amount on full-price items.
CREATE TABLE coupons (
  code TEXT NOT NULL,
  locale TEXT NOT NULL,
  automatic INTEGER NOT NULL DEFAULT 0,
  label TEXT NOT NULL DEFAULT '',
  discount_type_value INTEGER NOT NULL DEFAULT 1,
  percentage_discount DOUBLE PRECISION NOT NULL DEFAULT 0,
  fixed_amount DOUBLE PRECISION NOT NULL DEFAULT 0,
  minimum_spend DOUBLE PRECISION NOT NULL DEFAULT 0,
  specific_groups TEXT NOT NULL DEFAULT '[]',
  excluded_groups TEXT NOT NULL DEFAULT '[]',
  specific_discount_categories TEXT NOT NULL DEFAULT '[]',
  buy_x INTEGER NOT NULL DEFAULT 0,
  get_y INTEGER NOT NULL DEFAULT 0,
  buy_products TEXT NOT NULL DEFAULT '[]',
  get_products TEXT NOT NULL DEFAULT '[]',
  buy_categories TEXT NOT NULL DEFAULT '[]',
  get_categories TEXT NOT NULL DEFAULT '[]',
  buy_groups TEXT NOT NULL DEFAULT '[]',
  get_groups TEXT NOT NULL DEFAULT '[]',
  buyx_free_amount DOUBLE PRECISION NOT NULL DEFAULT 0,
  starts_at TEXT,
  expires_at TEXT,
  active INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (code, locale)
);
CREATE INDEX coupons_locale ON coupons(locale, automatic);

-- Unhandled client errors (POST /captuerr); field sizes are bounded by the endpoint.
CREATE TABLE client_errors (
  id TEXT PRIMARY KEY,
  created_at TEXT NOT NULL,
  locale TEXT NOT NULL,
  level TEXT NOT NULL,
  message TEXT NOT NULL,
  stack TEXT,
  user_agent TEXT,
  url TEXT,
  ip_hash TEXT NOT NULL
);
CREATE INDEX client_errors_created ON client_errors(created_at);
