-- Orders of company accounts (docs/product/company-accounts.md#orders, docs/adr/0034-company-order-approval.md):
-- an order placed by a member of a company belongs to the company (its members see it per role). No foreign key:
-- an order outlives the company account it was placed for. Portable SQL.
ALTER TABLE orders ADD COLUMN company_id TEXT;
CREATE INDEX orders_company ON orders (company_id);

-- A buyer's order above their spending limit waits here for a company admin: the frozen checkout is the snapshot
-- (lines, customer, delivery, the shop's invoice); approving completes it at the server's prices, declining places
-- nothing. Decided once: status moves from 'waiting' to 'approved' or 'declined' by a compare-and-set.
CREATE TABLE company_order_approvals (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  checkout_id TEXT NOT NULL UNIQUE,
  locale TEXT NOT NULL,
  requested_by INTEGER NOT NULL REFERENCES customers(id),
  -- what the buyer asked for, in the storefront's minor units: the admin approves this amount
  total_minor INTEGER NOT NULL,
  currency TEXT NOT NULL,
  -- waiting | approved | declined
  status TEXT NOT NULL,
  reason TEXT,
  decided_by INTEGER REFERENCES customers(id),
  decided_at TEXT,
  -- the order approving placed
  order_id TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX company_order_approvals_company ON company_order_approvals (company_id, status);
CREATE INDEX company_order_approvals_requester ON company_order_approvals (requested_by);
