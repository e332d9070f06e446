-- Price history for the prior price of a reduction (docs/adr/0022-prior-price.md): one row per recorded unit price
-- of one tier of a product in one storefront, in effect from `at` on. Written by the catalogue import and the
-- operator's price update; read at render time. No foreign key: a product's history outlives a re-import that
-- drops and re-inserts the product rows. Portable SQL.
CREATE TABLE price_history (
  product_id INTEGER NOT NULL,
  locale TEXT NOT NULL,
  -- the tier's start quantity (docs/product/pricing-and-vat.md#price-object)
  q INTEGER NOT NULL,
  -- the unit price the shopper pays from q on (campaign tier when the product has one), incl. VAT, minor units
  minor INTEGER NOT NULL,
  at TEXT NOT NULL,
  -- 'import', 'operator'
  reason TEXT NOT NULL
);
CREATE INDEX price_history_product ON price_history (product_id, locale, q, at);
