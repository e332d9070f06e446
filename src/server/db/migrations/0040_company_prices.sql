-- Company prices (docs/product/company-prices.md, docs/adr/0035-company-prices.md): per company a percentage per
-- discount category and a price list of net prices per SKU, set by staff in the back office. A member's price for a
-- line is the best single one of the list price with the best discount and the price-list price, never a sum.
CREATE TABLE company_category_discounts (
  company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  discount_category TEXT NOT NULL,
  -- hundredths of a percent (1250 = 12.5 %), 1..10000: integers compare the same on both engines
  percent_hundredths INTEGER NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (company_id, discount_category)
);

-- A net unit price per SKU in the company storefront's minor units, incl. VAT like every stored price.
CREATE TABLE company_price_lines (
  company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  sku TEXT NOT NULL,
  price_minor INTEGER NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (company_id, sku)
);
