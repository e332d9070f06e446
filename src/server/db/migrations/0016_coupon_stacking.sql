-- Coupon stacking (docs/adr/0011-coupon-stacking.md): what a shop owner allows a code to be combined with.
-- combinable: the code may be used together with one entered code of the other class (an order-level code
-- with a buy-X-get-Y code) when that code's row says so too. with_automatic: the code may be used together
-- with the automatic discounts; otherwise the shopper gets the better of the code and the automatic ones.
-- Both default to 0: nothing stacks unless the row allows it.
ALTER TABLE coupons ADD COLUMN combinable INTEGER NOT NULL DEFAULT 0;
ALTER TABLE coupons ADD COLUMN with_automatic INTEGER NOT NULL DEFAULT 0;
