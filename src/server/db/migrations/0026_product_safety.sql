-- Product safety information (GPSR art. 19, docs/product/legal.md): the manufacturer, the EU responsible person
-- and the warnings per storefront language, as JSON (src/lib/catalogue/product-safety.ts SafetyInfo) on the
-- brand; a product's own JSON overrides its brand's fields one by one. NULL: nothing set. Portable SQL.
ALTER TABLE brands ADD COLUMN safety TEXT;
ALTER TABLE products ADD COLUMN safety TEXT;
