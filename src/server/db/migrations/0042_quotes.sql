-- Quotes (docs/product/quotes.md, docs/adr/0036-quotes.md, issue 28): a signed-in customer asks for a quote on their
-- cart with a comment; staff answer with a price per line and a validity date, or decline; the buyer accepts an
-- answered quote into one checkout, which is priced at the quoted prices and ordered once.
CREATE TABLE quotes (
  -- random text (portable); never the only check: every read is by the asker or their company's members
  id TEXT PRIMARY KEY,
  locale TEXT NOT NULL,
  -- the asking customer; company_id: the company they bought for when asking (its members see it by role)
  customer_id INTEGER NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  company_id TEXT REFERENCES companies(id) ON DELETE SET NULL,
  -- open | answered | declined | accepted | ordered ("expired" is read from valid_until, never stored)
  status TEXT NOT NULL,
  -- JSON [{ sku, name, quantity, vat, unit_price_minor (today's, at asking), quoted_unit_minor (staff's, null until answered) }];
  -- minor units incl. VAT, as stored prices are
  lines TEXT NOT NULL,
  comment TEXT NOT NULL,
  answer_text TEXT,
  -- the last day (YYYY-MM-DD, in the storefront's time zone) the quote may be ordered
  valid_until TEXT,
  -- the sums of the lines at asking and as quoted (list pages), minor units incl. VAT
  asked_total_minor INTEGER NOT NULL,
  quoted_total_minor INTEGER,
  answered_by TEXT,
  -- the one checkout it was accepted into, and the order placed from it
  checkout_id TEXT,
  order_id TEXT,
  created_at TEXT NOT NULL,
  answered_at TEXT,
  accepted_at TEXT
);
CREATE INDEX quotes_customer ON quotes (customer_id);
CREATE INDEX quotes_company ON quotes (company_id);
CREATE INDEX quotes_status ON quotes (status, created_at);

-- The quote a checkout was opened for: its lines are priced at the quoted prices (src/server/checkout/quote-checkout.ts).
ALTER TABLE checkouts ADD COLUMN quote_id TEXT;
