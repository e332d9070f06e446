-- The back office's staff (docs/product/back-office.md, docs/adr/0024-back-office-host-and-staff-accounts.md).
-- Tokens (sessions, invites) are stored only as SHA-256 hashes: a copy of these tables signs nobody in.

-- One row per person; the e-mail is stored lower-cased, so unique means unique case-insensitively.
CREATE TABLE staff_users (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  -- owner | staff | editor | read_only (src/lib/staff/permissions.ts)
  role TEXT NOT NULL,
  -- en | sv: the back office's language for this person
  locale TEXT NOT NULL DEFAULT 'en',
  -- Argon2id PHC string (src/server/auth/passwords.ts); '' until the invite is used (never verifies)
  password_hash TEXT NOT NULL,
  -- base32 RFC 6238 secret; set at enrolment, never logged; totp_enabled 1 once a code confirmed it
  totp_secret TEXT,
  totp_enabled INTEGER NOT NULL DEFAULT 0,
  disabled_at TEXT,
  created_at TEXT NOT NULL
);

-- A signed-in browser. stage: 'password' passed, waiting for the TOTP code ('totp') or for enrolment ('enrol');
-- 'active' opens the back office. csrf_token is the synchronizer token every form of this session carries.
CREATE TABLE staff_sessions (
  token_hash TEXT PRIMARY KEY,
  staff_id TEXT NOT NULL REFERENCES staff_users(id),
  stage TEXT NOT NULL,
  csrf_token TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  ip TEXT
);
CREATE INDEX staff_sessions_staff ON staff_sessions(staff_id);
CREATE INDEX staff_sessions_expiry ON staff_sessions(expires_at);

-- An invitation mailed to a new member (or the first owner): one use, 48 h.
CREATE TABLE staff_invites (
  token_hash TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  role TEXT NOT NULL,
  locale TEXT NOT NULL DEFAULT 'en',
  -- the owner who invited; null for `npm run admin -- create-owner` and the demo owner of `npm start`
  invited_by TEXT,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);
CREATE INDEX staff_invites_email ON staff_invites(email);

-- Every staff action, who/when/what with the record before and after (JSON text), newest first when read.
CREATE TABLE staff_audit (
  id TEXT PRIMARY KEY,
  at TEXT NOT NULL,
  staff_id TEXT,
  -- the e-mail as typed for a failed sign-in of no known account, else the member's e-mail at that time
  actor_email TEXT,
  action TEXT NOT NULL,
  subject_type TEXT,
  subject_id TEXT,
  before_json TEXT,
  after_json TEXT,
  ip TEXT
);
CREATE INDEX staff_audit_at ON staff_audit(at);
CREATE INDEX staff_audit_staff ON staff_audit(staff_id, at);
CREATE INDEX staff_audit_action ON staff_audit(action, at);

-- Back-office settings the owners switch: 'totp_required' = '1' makes every member use a second factor.
CREATE TABLE staff_settings (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
