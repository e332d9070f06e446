-- Experiment results (docs/product/experiments.md#results, docs/adr/0015-experiments.md): no personal data. A
-- visitor is a random id of one browser tab's session, sent only with statistics consent; no IP, no user agent.

-- A visitor's first exposure to an experiment: the variant they saw and when. One row per visitor and experiment
-- (later exposures of the same visitor change nothing), so the table grows with visitors, not page views.
CREATE TABLE experiment_exposures (
  visitor_id TEXT NOT NULL,
  experiment TEXT NOT NULL,
  variant TEXT NOT NULL,
  -- the storefront it happened on
  locale TEXT NOT NULL,
  exposed_at TEXT NOT NULL,
  PRIMARY KEY (visitor_id, experiment)
);
CREATE INDEX experiment_exposures_by_experiment ON experiment_exposures (experiment, variant);

-- Every add-to-cart of a visitor with statistics consent (the product and quantity, nothing about the person).
CREATE TABLE experiment_cart_adds (
  id TEXT PRIMARY KEY,
  visitor_id TEXT NOT NULL,
  locale TEXT NOT NULL,
  sku TEXT NOT NULL,
  quantity INTEGER NOT NULL,
  added_at TEXT NOT NULL
);
CREATE INDEX experiment_cart_adds_by_visitor ON experiment_cart_adds (visitor_id, added_at);

-- The visitor who opened a checkout (sent with statistics consent only), copied onto the order at completion:
-- the join from orders to variants.
ALTER TABLE checkouts ADD COLUMN experiment_visitor_id TEXT;
ALTER TABLE orders ADD COLUMN experiment_visitor_id TEXT;
CREATE INDEX orders_by_experiment_visitor ON orders (experiment_visitor_id);
