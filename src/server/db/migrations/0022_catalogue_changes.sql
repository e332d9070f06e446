-- The change feed of incremental pages (docs/adr/0017-incremental-pages.md): one row per committed change to
-- what static pages show (a price, a stock status, a published content page). Every node reads the rows after
-- the last one it applied and re-renders only the pages that carry one of the row's tags. `seq` comes from the
-- counter row 'catalogue_change', incremented inside the changing transaction: its row lock makes sequence
-- numbers commit in order, so a reader that has seen N never misses a smaller one later. Portable SQL.
CREATE TABLE catalogue_changes (
  seq INTEGER PRIMARY KEY,
  -- comma-separated page tags, e.g. 'product:12' or 'content:sv:about-us' (src/server/catalogue/page-tags.ts)
  tags TEXT NOT NULL,
  -- comma-separated storefronts whose pages change; '' = every storefront
  locales TEXT NOT NULL DEFAULT '',
  -- what changed, for the operator: 'price', 'stock', 'content'
  reason TEXT NOT NULL,
  changed_by TEXT NOT NULL,
  created_at TEXT NOT NULL
);
INSERT INTO counters (name, value) VALUES ('catalogue_change', 0);
