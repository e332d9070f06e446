-- Checkout and orders (docs/product/checkout.md, docs/adr/0007-checkout-orders-and-money.md).
-- Money is integer minor units (öre, øre, cents) in every *_minor column; JSON is TEXT as elsewhere.
CREATE TABLE checkouts (
  id TEXT PRIMARY KEY,
  locale TEXT NOT NULL,
  status TEXT NOT NULL,
  items TEXT NOT NULL DEFAULT '[]',
  coupons TEXT NOT NULL DEFAULT '[]',
  customer TEXT NOT NULL DEFAULT '{}',
  shipping_processor TEXT NOT NULL,
  shipping_option_id TEXT,
  service_point_id TEXT,
  payment_method TEXT,
  -- { kind: { id, locale, provider, amount_minor } } for the six provider sessions of the cart state
  provider_sessions TEXT NOT NULL DEFAULT '{}',
  order_id TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- Order numbers unique across processes: one counter row, incremented in the completing transaction.
CREATE TABLE counters (
  name TEXT PRIMARY KEY,
  value INTEGER NOT NULL
);
INSERT INTO counters (name, value) VALUES ('order_number', 100099);

-- One order per checkout: the unique checkout_id is what makes completion idempotent across processes.
ALTER TABLE orders ADD COLUMN checkout_id TEXT;
CREATE UNIQUE INDEX orders_checkout_id ON orders(checkout_id);
ALTER TABLE orders ADD COLUMN details TEXT NOT NULL DEFAULT '{}';
ALTER TABLE orders ADD COLUMN total_minor INTEGER;
ALTER TABLE orders ADD COLUMN payment_status TEXT;

CREATE TABLE order_events (
  id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders(id),
  at TEXT NOT NULL,
  kind TEXT NOT NULL,
  from_state TEXT,
  to_state TEXT NOT NULL,
  event TEXT NOT NULL,
  source TEXT NOT NULL
);
CREATE INDEX order_events_order ON order_events(order_id);

-- Provider notifications as received (verified ones only), deduplicated by provider + notification id.
CREATE TABLE payment_notifications (
  id TEXT PRIMARY KEY,
  provider TEXT NOT NULL,
  checkout_id TEXT,
  status TEXT NOT NULL,
  received_at TEXT NOT NULL,
  body TEXT NOT NULL
);
