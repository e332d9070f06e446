/** Quotes' pure rules (src/lib/quotes/quote-rules.ts): validity by the storefront's day, same lines, answers, quoted prices. */
import { describe, expect, it } from 'vitest';
import type { CartLineItem } from '#lib/api/cart-contracts.ts';
import { acceptRefusal, atQuotedPrices, checkAnswer, isExpired, sameLines, shownStatus, type QuoteLine } from '#lib/quotes/quote-rules.ts';

const LINES: QuoteLine[] = [
  { sku: 'A', name: 'A', quantity: 2, vat: 25, unit_price_minor: 1000_00, quoted_unit_minor: 800_00 },
  { sku: 'B', name: 'B', quantity: 1, vat: 25, unit_price_minor: 500_00, quoted_unit_minor: 450_00 },
];
const item = (sku: string, quantity: number, price: number): CartLineItem =>
  ({
    uuid: sku,
    sku,
    quantity,
    price,
    prior_price: 900,
    campaign: true,
    adjusted_quantity: null,
    cart_notice: null,
  }) as unknown as CartLineItem;

describe('quote validity', () => {
  const q = { locale: 'sv' as const, status: 'answered' as const, validUntil: '2026-11-21' };
  it('lasts through its last day in the storefront time zone', () => {
    expect(isExpired(q, new Date('2026-11-21T22:59:00Z'))).toBe(false); // 23:59 in Stockholm
    expect(isExpired(q, new Date('2026-11-21T23:00:00Z'))).toBe(true); // 00:00 on the 22nd
    expect(isExpired({ ...q, locale: 'fi' }, new Date('2026-11-21T22:00:00Z'))).toBe(true); // Helsinki is an hour ahead
  });
  it('only an answered or accepted quote expires; ordered, declined and open ones say so first', () => {
    const late = new Date('2026-12-01T12:00:00Z');
    expect(shownStatus(q, late)).toBe('expired');
    expect(shownStatus({ ...q, status: 'ordered' }, late)).toBe('ordered');
    expect(acceptRefusal({ ...q, status: 'ordered' }, late)).toBe('used');
    expect(acceptRefusal({ ...q, status: 'declined' }, late)).toBe('declined');
    expect(acceptRefusal({ ...q, status: 'open', validUntil: null }, late)).toBe('not_answered');
    expect(acceptRefusal(q, late)).toBe('expired');
    expect(acceptRefusal(q, new Date('2026-11-20T12:00:00Z'))).toBeNull();
  });
});

describe('same lines', () => {
  it('compares sku and quantity in any order, adding up a sku; refuses subscriptions and bundle claims', () => {
    expect(
      sameLines(
        [
          { sku: 'B', quantity: 1 },
          { sku: 'A', quantity: 2 },
        ],
        LINES,
      ),
    ).toBe(true);
    expect(
      sameLines(
        [
          { sku: 'A', quantity: 1 },
          { sku: 'A', quantity: 1 },
          { sku: 'B', quantity: 1 },
        ],
        LINES,
      ),
    ).toBe(true);
    expect(
      sameLines(
        [
          { sku: 'A', quantity: 3 },
          { sku: 'B', quantity: 1 },
        ],
        LINES,
      ),
    ).toBe(false);
    expect(sameLines([{ sku: 'A', quantity: 2 }], LINES)).toBe(false);
    expect(
      sameLines(
        [
          { sku: 'A', quantity: 2, subscription_interval: { name: '3', months: 3 } },
          { sku: 'B', quantity: 1 },
        ],
        LINES,
      ),
    ).toBe(false);
  });
});

describe('staff answers', () => {
  const now = new Date('2026-11-20T10:00:00Z');
  it('takes whole prices up to the asked price and a last day from today to a year ahead', () => {
    const ok = checkAnswer('sv', LINES, [800_00, 450_00], '2026-11-20', now);
    expect(ok).toMatchObject({ ok: true, totalMinor: 2050_00 });
    expect(checkAnswer('sv', LINES, [800_00], '2026-11-30', now)).toEqual({ ok: false, field: 'price' });
    expect(checkAnswer('sv', LINES, [800_00, 600_00], '2026-11-30', now)).toEqual({ ok: false, field: 'price' });
    expect(checkAnswer('sv', LINES, [800.5, 450_00], '2026-11-30', now)).toEqual({ ok: false, field: 'price' });
    expect(checkAnswer('sv', LINES, [-1, 450_00], '2026-11-30', now)).toEqual({ ok: false, field: 'price' });
    expect(checkAnswer('sv', LINES, [1, 1], '2026-11-19', now)).toEqual({ ok: false, field: 'valid_until' });
    expect(checkAnswer('sv', LINES, [1, 1], '2027-12-01', now)).toEqual({ ok: false, field: 'valid_until' });
    expect(checkAnswer('sv', LINES, [1, 1], '30.11.2026', now)).toEqual({ ok: false, field: 'valid_until' });
  });
});

describe('pricing at quoted prices', () => {
  it('sets each line to its quoted unit price, no campaign or prior price', () => {
    const out = atQuotedPrices([item('A', 2, 1000), item('B', 1, 500)], LINES)!;
    expect(out.map((l) => [l.sku, l.price, l.prior_price, l.campaign])).toEqual([
      ['A', 800, null, false],
      ['B', 450, null, false],
    ]);
  });
  it('answers nothing when stock cut a line, a line is missing or unquoted', () => {
    expect(atQuotedPrices([{ ...item('A', 1, 1000), adjusted_quantity: 1 }, item('B', 1, 500)], LINES)).toBeUndefined();
    expect(atQuotedPrices([item('A', 2, 1000)], LINES)).toBeUndefined();
    expect(atQuotedPrices([item('A', 2, 1000), item('B', 1, 500)], [LINES[0]!, { ...LINES[1]!, quoted_unit_minor: null }])).toBeUndefined();
  });
});
