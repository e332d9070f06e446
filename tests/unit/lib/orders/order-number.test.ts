import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEMO_ORDER_SEQUENCE,
  FIRST_ORDER_SEQUENCE,
  MIN_ORDER_SEQUENCE,
  formatOrderNumber,
  orderNumberOf,
  parseOrderNumber,
} from '#lib/orders/order-number.ts';
import { DEMO_ORDER } from '#server/seed/demo-guest-order.ts';

describe('order numbers', () => {
  it('appends a Luhn check digit to the sequence', () => {
    expect(FIRST_ORDER_SEQUENCE).toBe(100100);
    expect(formatOrderNumber(100100)).toBe('1001007');
    expect(formatOrderNumber(123456)).toBe('1234566');
    expect(formatOrderNumber(7992739871)).toBe('79927398713');
  });
  it('refuses sequences of fewer than 6 digits or not integers', () => {
    expect(MIN_ORDER_SEQUENCE).toBe(100000);
    expect(() => formatOrderNumber(99999)).toThrow(RangeError);
    expect(() => formatOrderNumber(100100.5)).toThrow(RangeError);
    expect(() => formatOrderNumber(Number.NaN)).toThrow(RangeError);
  });
  it('parses what a customer types', () => {
    expect(parseOrderNumber('1001007')).toEqual({ ok: true, orderNumber: '1001007', sequence: 100100 });
    expect(parseOrderNumber(' #100 1007 ')).toEqual({ ok: true, orderNumber: '1001007', sequence: 100100 });
    expect(parseOrderNumber('100-100-7')).toEqual({ ok: true, orderNumber: '1001007', sequence: 100100 });
  });
  it('the demo guest order follows the rule, from the reserved sequences below the real counter', () => {
    expect(DEMO_ORDER.id).toBe('1000017');
    expect(DEMO_ORDER.id).toBe(formatOrderNumber(DEMO_ORDER_SEQUENCE));
    expect(DEMO_ORDER_SEQUENCE).toBeLessThan(FIRST_ORDER_SEQUENCE);
    expect(parseOrderNumber(DEMO_ORDER.id)).toEqual({ ok: true, orderNumber: '1000017', sequence: 100001 });
    // the old demo number had no check digit: no rule opens it
    expect(orderNumberOf('100001')).toBeUndefined();
    expect(orderNumberOf(' #100-0017')).toBe('1000017');
    expect(orderNumberOf(undefined)).toBeUndefined();
  });
  it('tells typos from nonsense', () => {
    expect(parseOrderNumber('1001008')).toEqual({ ok: false, reason: 'check_digit' });
    expect(parseOrderNumber('1010007')).toEqual({ ok: false, reason: 'check_digit' }); // two digits swapped
    expect(parseOrderNumber('999998')).toEqual({ ok: false, reason: 'format' }); // 99999: five digits and a check digit
    expect(parseOrderNumber('01001007')).toEqual({ ok: false, reason: 'format' });
    expect(parseOrderNumber('100100')).toEqual({ ok: false, reason: 'format' });
    expect(parseOrderNumber('1001OO7')).toEqual({ ok: false, reason: 'format' });
    expect(parseOrderNumber('')).toEqual({ ok: false, reason: 'format' });
  });
  it('round-trips and catches every single-digit typo', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: MIN_ORDER_SEQUENCE, max: 999_999_999_999 }),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (sequence, at, delta) => {
          const orderNumber = formatOrderNumber(sequence);
          expect(parseOrderNumber(orderNumber)).toEqual({ ok: true, orderNumber, sequence });
          const i = at % orderNumber.length;
          const typo = orderNumber.slice(0, i) + ((Number(orderNumber[i]) + delta) % 10) + orderNumber.slice(i + 1);
          expect(parseOrderNumber(typo).ok).toBe(false);
        },
      ),
    );
  });
});
