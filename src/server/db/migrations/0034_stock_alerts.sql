-- Back in stock (docs/product/parts-finder.md#back-in-stock): a shopper's request to be told, once, when a product
-- that cannot be ordered can be ordered again. One row per request; pending until the confirmation link is used
-- (double opt-in), ended once notified or unsubscribed — the address is then erased (email NULL). Portable SQL.
CREATE TABLE stock_alerts (
  id TEXT PRIMARY KEY,
  product_id INTEGER NOT NULL,
  -- the storefront (and language) the shopper asked in: the mails and links are this storefront's
  locale TEXT NOT NULL,
  -- lower-cased; NULL once the request has ended (the consent text promises the address is deleted)
  email TEXT,
  -- SHA-256 of the confirmation link's token (the token itself is only in the mail)
  confirm_token_hash TEXT NOT NULL,
  -- the consent sentence the shopper saw, its version, and when they agreed
  consent_text TEXT NOT NULL,
  consent_version TEXT NOT NULL,
  consented_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  confirmed_at TEXT,
  notified_at TEXT,
  ended_at TEXT,
  -- notified | unsubscribed | unconfirmed (the link not opened within a week)
  ended_reason TEXT,
  -- the unsubscribe link's token (random; it can only end this one request)
  unsubscribe_token TEXT NOT NULL
);
-- one waiting request per product, address and storefront (ended ones have no address)
CREATE UNIQUE INDEX stock_alerts_request ON stock_alerts(product_id, locale, email);
CREATE UNIQUE INDEX stock_alerts_confirm ON stock_alerts(confirm_token_hash);
CREATE UNIQUE INDEX stock_alerts_unsubscribe ON stock_alerts(unsubscribe_token);
CREATE INDEX stock_alerts_waiting ON stock_alerts(ended_at, confirmed_at, product_id);
