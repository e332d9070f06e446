-- "My appliances" in the account (docs/product/parts-finder.md#my-appliances): the models a customer saved. No
-- foreign key to appliance_models: the catalogue import replaces those rows (ids stay), and a customer's list
-- must survive it; a model gone from the catalogue is simply not listed. Portable SQL.
CREATE TABLE customer_models (
  customer_id INTEGER NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  model_id INTEGER NOT NULL,
  -- ISO 8601 UTC: the list is newest first
  saved_at TEXT NOT NULL,
  PRIMARY KEY (customer_id, model_id)
);
