-- Company accounts (docs/product/company-accounts.md, issue 28): a business buying in one storefront, the customers
-- who buy for it with their roles, invitations by e-mail, delivery addresses. Ids are random text (portable). The
-- invitation token is stored only as its SHA-256 hash, as staff invites are.
CREATE TABLE companies (
  id TEXT PRIMARY KEY,
  -- the storefront the company buys in: its organisation number is checked by that country's rules
  locale TEXT NOT NULL,
  name TEXT NOT NULL,
  -- normalised as at checkout (src/lib/checkout/organisation-number.ts)
  organisation_number TEXT NOT NULL,
  vat_number TEXT,
  -- "<ICD scheme>:<id>", e.g. 0007:5567321707; null: the organisation number under its country's scheme
  peppol_id TEXT,
  -- what e-invoices carry as the buyer's reference when the buyer gives none
  invoice_reference TEXT,
  billing_street TEXT NOT NULL,
  billing_postal_code TEXT NOT NULL,
  billing_city TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (locale, organisation_number)
);

-- A customer buys for at most one company (the primary key): admin | buyer | viewer.
CREATE TABLE company_members (
  customer_id INTEGER PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
  company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  role TEXT NOT NULL,
  -- in the company storefront's minor units; null: no limit. An order above it waits for an admin's approval.
  spending_limit_minor INTEGER,
  created_at TEXT NOT NULL
);
CREATE INDEX company_members_company ON company_members (company_id);

CREATE TABLE company_invitations (
  token_hash TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  -- lower-cased
  email TEXT NOT NULL,
  role TEXT NOT NULL,
  spending_limit_minor INTEGER,
  invited_by INTEGER NOT NULL REFERENCES customers(id),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  accepted_at TEXT
);
CREATE INDEX company_invitations_company ON company_invitations (company_id);

CREATE TABLE company_addresses (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  label TEXT NOT NULL,
  street TEXT NOT NULL,
  postal_code TEXT NOT NULL,
  city TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX company_addresses_company ON company_addresses (company_id);
