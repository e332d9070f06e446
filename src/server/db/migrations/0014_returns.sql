-- Returns and withdrawals (docs/product/returns.md): one row per request, numbered per order (RMA-<order>-<n>;
-- the unique (order_id, sequence) makes two simultaneous requests for one order take turns, so together they
-- can never exceed what was delivered). The refund is fixed when the request is made, in minor units.
CREATE TABLE order_returns (
  id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders(id),
  sequence INTEGER NOT NULL,
  -- 'withdrawal' (the consumer's statutory right) or 'return' (the shop's own return policy)
  kind TEXT NOT NULL,
  status TEXT NOT NULL,
  reason TEXT,
  comment TEXT,
  -- [{ "line", "sku", "quantity" }]: line is the index in the order's lines
  lines TEXT NOT NULL,
  currency TEXT NOT NULL,
  refund_goods_minor INTEGER NOT NULL,
  refund_shipping_minor INTEGER NOT NULL,
  -- who asked: 'customer' (account) or 'guest' (the one-order login)
  requested_by TEXT NOT NULL,
  -- the prepaid return booked with the order's shipping provider (its return code), null where it offers none
  return_carrier TEXT,
  return_code TEXT,
  return_tracking_url TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  refunded_at TEXT,
  UNIQUE (order_id, sequence)
);
CREATE INDEX order_returns_order ON order_returns(order_id);
