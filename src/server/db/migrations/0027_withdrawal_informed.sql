-- The art. 10 record (Directive 2011/83/EU, docs/adr/0023-withdrawal-from-the-first-minute.md): when the shop
-- gave the consumer the information on the right of withdrawal and the model form, on a durable medium (the
-- order confirmation e-mail). NULL: not informed, the period runs 12 months longer. Orders placed before this
-- migration stay NULL: their confirmation did not carry the information. Portable SQL.
ALTER TABLE orders ADD COLUMN withdrawal_informed_at TEXT;
