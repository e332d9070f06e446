-- The back office's order list and order page (docs/product/back-office-data.md). Portable SQL.
-- Newest first across every storefront (the list without a storefront filter, and the CSV's keyset chunks).
CREATE INDEX orders_created_at_id ON orders (created_at, id);
-- The search by e-mail compares case-insensitively (orders keep the address as typed).
CREATE INDEX orders_email_lower ON orders (lower(email));
-- Staff's internal notes on an order: never shown to the customer, never changed (a correction is a new note).
CREATE TABLE order_notes (
  id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders(id),
  staff_id TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX order_notes_order ON order_notes (order_id, created_at);
