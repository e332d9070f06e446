-- Deal drafts (docs/product/content-editing.md#deals): a deal's draft keeps its fields (product sku, discount,
-- start, end) as JSON beside the title; NULL for page and widget drafts. Portable SQL.
ALTER TABLE content_drafts ADD COLUMN deal TEXT;
