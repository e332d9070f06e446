-- What a customer keeps in their profile (docs/product/account-pages.md#profile): phone, one address, company
-- details for business buyers, marketing consent (a flag and when it was last given or withdrawn), and a new
-- e-mail waiting for its verification link (the e-mail column changes only when the link is used).
ALTER TABLE customers ADD COLUMN phone TEXT NOT NULL DEFAULT '';
ALTER TABLE customers ADD COLUMN street TEXT NOT NULL DEFAULT '';
ALTER TABLE customers ADD COLUMN postal_code TEXT NOT NULL DEFAULT '';
ALTER TABLE customers ADD COLUMN city TEXT NOT NULL DEFAULT '';
ALTER TABLE customers ADD COLUMN customer_type TEXT NOT NULL DEFAULT 'consumer';
ALTER TABLE customers ADD COLUMN company_name TEXT NOT NULL DEFAULT '';
ALTER TABLE customers ADD COLUMN organisation_number TEXT NOT NULL DEFAULT '';
ALTER TABLE customers ADD COLUMN marketing_consent INTEGER NOT NULL DEFAULT 0;
ALTER TABLE customers ADD COLUMN marketing_consent_at TEXT;
ALTER TABLE customers ADD COLUMN pending_email TEXT;
ALTER TABLE customers ADD COLUMN profile_updated_at TEXT;

-- The link in an order confirmation that signs a guest in to that one order (docs/product/account-pages.md#the-link-in-the-confirmation-e-mail):
-- only a SHA-256 hash of the secret is kept; usable once (used_at), until expires_at. Guest orders have no
-- customer, so these are not account one-time tokens.
CREATE TABLE order_access_links (
  token_hash TEXT PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders(id),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);
CREATE INDEX order_access_links_order ON order_access_links(order_id);
