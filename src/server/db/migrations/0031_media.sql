-- The content studio's images (docs/product/content-studio.md#images): kept in the database, so every node
-- serves every upload without a shared disk. Portable SQL: the variants' bytes are declared BYTEA, PostgreSQL's
-- binary type; SQLite accepts the name and stores the bound bytes as a BLOB (a BLOB is never converted).

-- One uploaded image: the original's SHA-256 (the same bytes uploaded again reuse it), its decoded size after
-- the EXIF orientation, and the alt text of its latest upload.
CREATE TABLE media (
  id TEXT PRIMARY KEY,
  sha256 TEXT NOT NULL UNIQUE,
  file_name TEXT NOT NULL,
  mime TEXT NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  alt TEXT NOT NULL,
  uploaded_by TEXT NOT NULL,
  uploaded_at TEXT NOT NULL
);

-- Its resized copies, metadata stripped: WebP at the standard widths, one JPEG/PNG fallback. Never rewritten:
-- /media/<id>-<width>.<ext> is cached for a year.
CREATE TABLE media_variants (
  media_id TEXT NOT NULL REFERENCES media (id) ON DELETE CASCADE,
  width INTEGER NOT NULL,
  format TEXT NOT NULL,
  height INTEGER NOT NULL,
  byte_length INTEGER NOT NULL,
  bytes BYTEA NOT NULL,
  PRIMARY KEY (media_id, width, format)
);
