-- Subscriptions (docs/product/subscriptions.md): which products may be bought on subscription and how
-- often, the subscriptions that subscribed order lines create, and one row per renewal due date.
-- Dates of the schedule are calendar dates ('2026-11-24', UTC); times are ISO text like elsewhere.

-- A product offers a subscription when it has rows here: one per interval in whole months (3, 6, 12).
CREATE TABLE product_subscription_intervals (
  product_id INTEGER NOT NULL,
  months INTEGER NOT NULL,
  PRIMARY KEY (product_id, months)
);

CREATE TABLE subscriptions (
  id TEXT PRIMARY KEY,
  locale TEXT NOT NULL,
  -- the owner: the account (orders.customer_id) or, for a guest, the order's e-mail
  customer_id INTEGER,
  email TEXT NOT NULL,
  product_id INTEGER NOT NULL,
  sku TEXT NOT NULL,
  name TEXT NOT NULL,
  quantity INTEGER NOT NULL,
  interval_months INTEGER NOT NULL,
  -- active | paused | cancelled
  status TEXT NOT NULL,
  -- the next renewal date, and the day of month the schedule keeps (31: every month's last day)
  next_due TEXT NOT NULL,
  anchor_day INTEGER NOT NULL,
  -- the date of the last delivery (the first order, then each renewal)
  last_delivery TEXT NOT NULL,
  -- the order line that created it: completing that order again creates nothing new
  source_order_id TEXT NOT NULL,
  source_line INTEGER NOT NULL,
  -- what a renewal checkout is made of (JSON: customer, shipping option, service point, payment method)
  renewal_template TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX subscriptions_source ON subscriptions(source_order_id, source_line);
CREATE INDEX subscriptions_due ON subscriptions(status, next_due);
CREATE INDEX subscriptions_customer ON subscriptions(customer_id);
CREATE INDEX subscriptions_email ON subscriptions(email);

-- One row per subscription and due date, written before the renewal order is made: the primary key is
-- what makes a second run on the same day create nothing.
CREATE TABLE subscription_renewals (
  subscription_id TEXT NOT NULL,
  due_date TEXT NOT NULL,
  -- pending | ordered | failed | skipped
  status TEXT NOT NULL,
  checkout_id TEXT,
  order_id TEXT,
  error TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (subscription_id, due_date)
);
