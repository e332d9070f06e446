-- Named lists and the cart saved for later (docs/product/lists.md, issue 28). A list belongs to a company (every
-- member sees it; admins and buyers change it) or, with no company, to the customer alone. Ids are random text, so
-- an id in a request names nothing by itself: access is decided from who asks (src/lib/lists/list-access.ts).
CREATE TABLE shopping_lists (
  id TEXT PRIMARY KEY,
  -- the storefront the list's skus are sold in
  locale TEXT NOT NULL,
  -- set: a company's list; null: the customer's own
  company_id TEXT REFERENCES companies(id) ON DELETE CASCADE,
  -- who made it (the owner of a personal list)
  customer_id INTEGER NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX shopping_lists_company ON shopping_lists (company_id, locale);
CREATE INDEX shopping_lists_customer ON shopping_lists (customer_id, locale);

-- One line per sku in a list; position keeps the order lines were added in.
CREATE TABLE shopping_list_lines (
  list_id TEXT NOT NULL REFERENCES shopping_lists(id) ON DELETE CASCADE,
  sku TEXT NOT NULL,
  quantity INTEGER NOT NULL,
  note TEXT,
  position INTEGER NOT NULL,
  PRIMARY KEY (list_id, sku)
);

-- The cart a customer saved for later, one per storefront: its lines (sku and quantity) as JSON, priced again when
-- restored.
CREATE TABLE saved_carts (
  customer_id INTEGER NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  locale TEXT NOT NULL,
  lines TEXT NOT NULL,
  saved_at TEXT NOT NULL,
  PRIMARY KEY (customer_id, locale)
);
