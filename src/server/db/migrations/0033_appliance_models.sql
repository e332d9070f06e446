-- The parts finder (docs/product/parts-finder.md): appliance models, the parts that fit them with their positions
-- on the model's exploded views, and the part numbers a shopper may hold (OEM, other makers', replaced ones).
-- Catalogue data: written by the import in its one transaction, like products. Portable SQL.

-- A model as on its rating plate ("SMS46GI01E"), its comparable form (src/lib/catalogue/model-number.ts), its
-- appliance type as the appliance's category ("Diskmaskin") and the page's address word after /modell/.
CREATE TABLE appliance_models (
  id INTEGER PRIMARY KEY,
  brand_id INTEGER NOT NULL REFERENCES brands(id),
  number TEXT NOT NULL,
  normalized TEXT NOT NULL,
  category_id INTEGER NOT NULL REFERENCES categories(id),
  slug TEXT NOT NULL UNIQUE,
  year_from INTEGER,
  year_to INTEGER,
  image_url TEXT,
  image_width INTEGER,
  image_height INTEGER
);
CREATE UNIQUE INDEX appliance_models_number ON appliance_models(brand_id, normalized);
CREATE INDEX appliance_models_category ON appliance_models(category_id);

-- Other ways the same model is written (a production-series suffix, a service code).
CREATE TABLE appliance_model_aliases (
  model_id INTEGER NOT NULL REFERENCES appliance_models(id) ON DELETE CASCADE,
  number TEXT NOT NULL,
  normalized TEXT NOT NULL,
  PRIMARY KEY (model_id, normalized)
);
CREATE INDEX appliance_model_aliases_normalized ON appliance_model_aliases(normalized);

-- Exploded views: sanitized SVG (no scripts, no external references) whose callouts carry data-position. Models
-- of one platform share drawings, so a drawing is stored once and each model lists the ones it uses, with their
-- titles per storefront language as JSON ({"sv": "Dörr"}).
CREATE TABLE diagrams (
  id INTEGER PRIMARY KEY,
  svg TEXT NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL
);
CREATE TABLE model_diagrams (
  model_id INTEGER NOT NULL REFERENCES appliance_models(id) ON DELETE CASCADE,
  diagram_no INTEGER NOT NULL,
  diagram_id INTEGER NOT NULL REFERENCES diagrams(id),
  titles TEXT NOT NULL DEFAULT '{}',
  PRIMARY KEY (model_id, diagram_no)
);

-- Which parts fit which models (many to many) and where: a row per position on a diagram; a part with no
-- position has one row with diagram_no 0 and position ''.
CREATE TABLE model_parts (
  model_id INTEGER NOT NULL REFERENCES appliance_models(id) ON DELETE CASCADE,
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  diagram_no INTEGER NOT NULL DEFAULT 0,
  position TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (model_id, product_id, diagram_no, position)
);
CREATE INDEX model_parts_product ON model_parts(product_id);

-- A product's other numbers: 'oem' (its maker's), 'cross' (another maker's number for the same part) and
-- 'replaces' (an old number this part supersedes), each with its comparable form.
CREATE TABLE product_numbers (
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  maker TEXT,
  number TEXT NOT NULL,
  normalized TEXT NOT NULL,
  PRIMARY KEY (product_id, kind, normalized)
);
CREATE INDEX product_numbers_normalized ON product_numbers(normalized);

-- A product replaced by another one in the catalogue (the supersession chain; the import refuses cycles).
CREATE TABLE product_supersessions (
  product_id INTEGER PRIMARY KEY REFERENCES products(id) ON DELETE CASCADE,
  replaced_by INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE
);
CREATE INDEX product_supersessions_replaced_by ON product_supersessions(replaced_by);
