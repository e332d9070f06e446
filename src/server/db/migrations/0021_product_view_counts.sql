-- Social proof (docs/product/tracking.md#social-proof): product page views counted per storefront, product and
-- UTC hour. Aggregates only: no visitor id, IP, cookie or user agent is stored. Hours older than two days are
-- deleted now and then by the server (src/server/tracking/product-activity.ts).
CREATE TABLE product_view_counts (
  locale TEXT NOT NULL,
  sku TEXT NOT NULL,
  -- UTC hour, ISO "2026-11-24T15"
  hour TEXT NOT NULL,
  views INTEGER NOT NULL,
  PRIMARY KEY (locale, sku, hour)
);
CREATE INDEX product_view_counts_hour ON product_view_counts (hour);

-- "Bought today" reads the storefront's orders since local midnight.
CREATE INDEX orders_locale_created_at ON orders (locale, created_at);
