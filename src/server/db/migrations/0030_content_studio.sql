-- The content studio (docs/adr/0025-content-studio.md): the version check of a draft, scheduled publishing,
-- pages grouped across storefronts as translations, the published versions, and the redirects an address change
-- leaves. Portable SQL: runs unchanged on SQLite and PostgreSQL.

-- Every save of a draft raises its revision; a save names the revision it started from, and one that started
-- from an older revision is refused (two editors never overwrite each other silently).
ALTER TABLE content_drafts ADD COLUMN revision INTEGER NOT NULL DEFAULT 1;
-- A scheduled publish (ISO time, UTC) and who scheduled it; null when none. The scheduler claims a due draft by
-- clearing publish_at in the same statement that checks it, so exactly one node publishes it.
ALTER TABLE content_drafts ADD COLUMN publish_at TEXT;
ALTER TABLE content_drafts ADD COLUMN scheduled_by TEXT;
CREATE INDEX content_drafts_publish_at ON content_drafts (publish_at);

-- One page per storefront: the versions of one page in the storefronts share a translation key (a page drafted
-- before it has one is its own group: the key is null and the studio reads it as locale:slug).
ALTER TABLE content_pages ADD COLUMN translation_key TEXT;
ALTER TABLE content_drafts ADD COLUMN translation_key TEXT;
CREATE INDEX content_pages_translation ON content_pages (translation_key);

-- Each publish keeps what went live, numbered per page/widget/deal, for the history, its diff and a restore.
CREATE TABLE content_versions (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  locale TEXT NOT NULL,
  key TEXT NOT NULL,
  version INTEGER NOT NULL,
  title TEXT NOT NULL DEFAULT '',
  body_html TEXT NOT NULL DEFAULT '',
  meta_description TEXT NOT NULL DEFAULT '',
  hidden INTEGER NOT NULL DEFAULT 0,
  deal TEXT,
  published_by TEXT NOT NULL,
  published_at TEXT NOT NULL,
  UNIQUE (kind, locale, key, version)
);

-- A content page's old address answers a permanent redirect to its new one (no 404 for old links).
CREATE TABLE content_redirects (
  locale TEXT NOT NULL,
  from_slug TEXT NOT NULL,
  to_slug TEXT NOT NULL,
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (locale, from_slug)
);
