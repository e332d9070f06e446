-- The Christmas calendar's doors an editor chose (docs/product/content-studio.md#christmas-calendar): per storefront,
-- the product behind a door; a door without a row shows the automatic pick. Portable SQL.
CREATE TABLE calendar_doors (
  locale TEXT NOT NULL,
  door INTEGER NOT NULL,
  product_id INTEGER NOT NULL,
  chosen_by TEXT NOT NULL,
  chosen_at TEXT NOT NULL,
  PRIMARY KEY (locale, door)
);
