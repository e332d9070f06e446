-- State several server processes (nodes) on one database share (docs/adr/0010-several-nodes-on-one-postgresql.md).

-- Fixed-window rate limits (src/server/http/rate-limit.ts): one row per limiter bucket and key (client IP,
-- account). A hit is one upsert: a window that has ended starts again at 1, else its count goes up. Rows whose
-- window has ended are purged now and then by the nodes themselves.
CREATE TABLE rate_limits (
  -- the limiter: 'auth-login:ip', 'auth-account', 'track-order' …
  bucket TEXT NOT NULL,
  key TEXT NOT NULL,
  hits INTEGER NOT NULL,
  -- ISO time the current window ends (the first hit's time + the window)
  window_ends_at TEXT NOT NULL,
  PRIMARY KEY (bucket, key)
);
CREATE INDEX rate_limits_window_ends_at ON rate_limits (window_ends_at);

-- The build every node serves (src/builds/served-build.ts): one row, written after a rebuild has switched
-- builds/current; each node polls it and switches when it names another build that exists in its builds/.
CREATE TABLE served_build (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  -- the directory name under builds/ (e.g. 20261124T130000Z-4242)
  name TEXT NOT NULL,
  recorded_at TEXT NOT NULL
);

-- Secrets every node must use alike and none was configured for (src/server/auth/shared-auth-secret.ts):
-- 'auth_tokens' signs access tokens when PARTSFRONT_AUTH_SECRET is not set. Generated once; the first insert wins.
CREATE TABLE shared_secrets (
  name TEXT PRIMARY KEY,
  secret TEXT NOT NULL,
  created_at TEXT NOT NULL
);
