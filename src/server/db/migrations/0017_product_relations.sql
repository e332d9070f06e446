-- Product relations (docs/product/accessories.md): accessories shown on a product page and upsell bundles.
-- Both come with the catalogue import and are replaced with it. Portable SQL (SQLite and PostgreSQL).

-- product → accessory product, in the shop owner's order (position ascending).
CREATE TABLE product_accessories (
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  accessory_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (product_id, accessory_id)
);
CREATE INDEX product_accessories_accessory ON product_accessories(accessory_id);

-- An upsell bundle shown on its main product's page: its lines enter the cart together, each priced
-- discount_percent (whole percent, 1–90) below its ordinary price by the server. A percent, not an amount:
-- one bundle serves five storefronts in four currencies.
CREATE TABLE upsell_bundles (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  discount_percent INTEGER NOT NULL,
  position INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX upsell_bundles_product ON upsell_bundles(product_id);

-- The lines of a bundle (the main product is one of them): product and fixed quantity.
CREATE TABLE upsell_bundle_lines (
  bundle_id INTEGER NOT NULL REFERENCES upsell_bundles(id) ON DELETE CASCADE,
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  quantity INTEGER NOT NULL,
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (bundle_id, product_id)
);
