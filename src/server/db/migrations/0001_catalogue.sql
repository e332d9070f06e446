-- Catalogue, content and layout data. Portable SQL: runs unchanged on SQLite and PostgreSQL.
-- JSON values are stored as TEXT and (de)serialized by the repositories; booleans are 0/1 integers.

CREATE TABLE categories (
  id INTEGER PRIMARY KEY,
  parent_id INTEGER REFERENCES categories(id),
  sort_order INTEGER NOT NULL DEFAULT 0,
  show_in_menu INTEGER NOT NULL DEFAULT 1,
  show_in_main_menu INTEGER NOT NULL DEFAULT 0,
  thumb_url TEXT,
  thumb_width INTEGER,
  thumb_height INTEGER
);
CREATE INDEX categories_parent ON categories(parent_id);

CREATE TABLE category_translations (
  category_id INTEGER NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
  locale TEXT NOT NULL,
  name TEXT NOT NULL,
  slug TEXT NOT NULL,
  description TEXT,
  PRIMARY KEY (category_id, locale)
);
CREATE UNIQUE INDEX category_translations_slug ON category_translations(locale, slug);

CREATE TABLE brands (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  logo_url TEXT
);

CREATE TABLE tags (
  id INTEGER PRIMARY KEY
);

CREATE TABLE tag_translations (
  tag_id INTEGER NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
  locale TEXT NOT NULL,
  name TEXT NOT NULL,
  slug TEXT NOT NULL,
  PRIMARY KEY (tag_id, locale)
);
CREATE UNIQUE INDEX tag_translations_slug ON tag_translations(locale, slug);

CREATE TABLE products (
  id INTEGER PRIMARY KEY,
  sku TEXT NOT NULL UNIQUE,
  prefix TEXT NOT NULL DEFAULT '',
  type INTEGER NOT NULL DEFAULT 1,
  brand_id INTEGER REFERENCES brands(id),
  group_id INTEGER,
  discount_category TEXT,
  stock_status TEXT NOT NULL,
  stock_quantity INTEGER NOT NULL DEFAULT 0,
  estimated_at TEXT,
  orderable INTEGER NOT NULL DEFAULT 1,
  notifyable INTEGER NOT NULL DEFAULT 0,
  decoration TEXT,
  variations TEXT NOT NULL DEFAULT '[]',
  updated_at TEXT NOT NULL
);
CREATE INDEX products_brand ON products(brand_id);

CREATE TABLE product_translations (
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  locale TEXT NOT NULL,
  name TEXT NOT NULL,
  slug TEXT NOT NULL,
  url_fragment TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  -- lower-cased name, sku, brand and category names: the search index source
  search_text TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (product_id, locale)
);
CREATE UNIQUE INDEX product_translations_slug ON product_translations(locale, slug);

-- Price object (docs/product/pricing-and-vat.md#price-object) per storefront: {"n":[{"q","p"}],"c":[{"q","p","o","d"}]} in the locale's currency, incl. VAT.
CREATE TABLE product_prices (
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  locale TEXT NOT NULL,
  prices TEXT NOT NULL,
  vat DOUBLE PRECISION NOT NULL,
  -- the single-unit price a shopper pays (campaign if any): for sorting and filters
  unit_price DOUBLE PRECISION NOT NULL,
  PRIMARY KEY (product_id, locale)
);

CREATE TABLE product_categories (
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  category_id INTEGER NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
  main INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (product_id, category_id)
);
CREATE INDEX product_categories_category ON product_categories(category_id);

CREATE TABLE product_tags (
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  tag_id INTEGER NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
  PRIMARY KEY (product_id, tag_id)
);
CREATE INDEX product_tags_tag ON product_tags(tag_id);

-- Images carry an image type (docs/product/catalogue.md#image-type) and a sort_order; pages choose by type.
CREATE TABLE product_images (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  type INTEGER NOT NULL,
  sort_order INTEGER NOT NULL DEFAULT 0,
  url TEXT NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL
);
CREATE INDEX product_images_product ON product_images(product_id);

CREATE TABLE content_pages (
  id INTEGER PRIMARY KEY,
  locale TEXT NOT NULL,
  slug TEXT NOT NULL,
  title TEXT NOT NULL,
  body_html TEXT NOT NULL,
  meta_description TEXT NOT NULL DEFAULT '',
  published INTEGER NOT NULL DEFAULT 1,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX content_pages_slug ON content_pages(locale, slug);

-- Layout widgets (cookie-alert, cart-footer, cart-header, footer-columns, store-message, store-message-footer …)
CREATE TABLE widgets (
  slug TEXT NOT NULL,
  locale TEXT NOT NULL,
  content TEXT NOT NULL,
  hidden INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (slug, locale)
);

CREATE TABLE deals (
  id INTEGER PRIMARY KEY,
  locale TEXT NOT NULL,
  title TEXT NOT NULL,
  product_id INTEGER REFERENCES products(id) ON DELETE CASCADE,
  product_name TEXT NOT NULL,
  product_slug TEXT NOT NULL,
  discount DOUBLE PRECISION NOT NULL,
  starts_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX deals_locale_time ON deals(locale, starts_at, expires_at);

CREATE TABLE search_triggers (
  id INTEGER PRIMARY KEY,
  locale TEXT NOT NULL,
  keyword TEXT NOT NULL,
  hint TEXT NOT NULL,
  url TEXT NOT NULL,
  url_title TEXT NOT NULL
);
CREATE INDEX search_triggers_locale ON search_triggers(locale);

-- Editable overrides of the translation strings in src/locales/*.json (served merged by /api/strings).
CREATE TABLE strings (
  locale TEXT NOT NULL,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (locale, key)
);
