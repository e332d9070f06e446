-- Content drafts and their publish log (docs/adr/0014-content-drafts-and-preview.md). The existing tables
-- content_pages and widgets stay the published state; a draft sits beside them, one per (kind, locale, key),
-- and publishing copies it over in one transaction. Portable SQL: runs unchanged on SQLite and PostgreSQL.
CREATE TABLE content_drafts (
  -- random id (unguessable; it is what a preview link names)
  id TEXT PRIMARY KEY,
  -- 'page' (content_pages, key = slug) or 'widget' (widgets, key = the widget slug)
  kind TEXT NOT NULL,
  locale TEXT NOT NULL,
  key TEXT NOT NULL,
  title TEXT NOT NULL DEFAULT '',
  -- sanitized when saved (src/server/content/sanitize.ts)
  body_html TEXT NOT NULL,
  meta_description TEXT NOT NULL DEFAULT '',
  hidden INTEGER NOT NULL DEFAULT 0,
  updated_by TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (kind, locale, key)
);

CREATE TABLE content_publish_log (
  id TEXT PRIMARY KEY,
  draft_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  locale TEXT NOT NULL,
  key TEXT NOT NULL,
  -- the editor named in the publish request, authenticated by the operator token
  published_by TEXT NOT NULL,
  published_at TEXT NOT NULL,
  -- 'started', 'running' (a rebuild was already under way) or 'off' (this deployment has no rebuild token)
  rebuild TEXT NOT NULL
);
CREATE INDEX content_publish_log_key ON content_publish_log(kind, locale, key);
