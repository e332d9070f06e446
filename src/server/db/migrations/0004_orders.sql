-- Orders, as far as guest order access needs them (docs/product/accounts.md#guest-orders): an order number, the
-- e-mail it was placed with, and a snapshot of its lines and total. Checkout will write these rows.
CREATE TABLE orders (
  id TEXT PRIMARY KEY,
  locale TEXT NOT NULL,
  email TEXT NOT NULL,
  customer_id INTEGER REFERENCES customers(id),
  status TEXT NOT NULL,
  currency TEXT NOT NULL,
  total DOUBLE PRECISION NOT NULL,
  -- [{ "sku", "name", "quantity", "price" }] as placed (prices incl. VAT)
  items TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL
);
CREATE INDEX orders_email ON orders(email);
