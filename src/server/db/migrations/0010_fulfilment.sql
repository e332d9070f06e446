-- Fulfilment (docs/product/fulfilment.md, docs/adr/0008-fulfilment-and-tracking.md): the operator's ship step
-- stores the booked shipment, one per order (the primary key is what makes a repeated ship book once), and
-- the deliver step the delivery date the withdrawal period counts from. Times are ISO TEXT like elsewhere.
CREATE TABLE order_shipments (
  order_id TEXT PRIMARY KEY REFERENCES orders(id),
  -- the shipping provider that booked it ('eel', 'ingrid'), or 'manual' for a tracking number the operator gave
  provider TEXT NOT NULL,
  shipment_id TEXT,
  carrier TEXT NOT NULL,
  tracking_number TEXT NOT NULL,
  tracking_url TEXT,
  label_url TEXT,
  -- the order's service point as placed ({ id, carrier, name, street, postal_code, city, … }) or null
  service_point TEXT,
  booked_at TEXT NOT NULL
);
ALTER TABLE orders ADD COLUMN delivered_at TEXT;
