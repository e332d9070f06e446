/**
 * Customer-facing order numbers, the one rule every page and API applies (docs/product/fulfilment.md#order-numbers):
 * a sequence of at least 6 digits with a Luhn check digit appended. A customer who types the number to support,
 * on a bank transfer, at /track-order, /my-order or the guest login is caught on any single wrong digit and on
 * almost every swap of two neighbours, before we look anything up. The database counter starts at 100100 (never
 * looks like a test value); 100000–100099 are reserved for the demo guest order and test orders, so they never
 * meet a real one.
 */
import { isLuhnValid, luhnCheckDigit } from '#lib/checkout/luhn.ts';

/** The lowest sequence a number can carry (6 digits). */
export const MIN_ORDER_SEQUENCE = 100_000;
/** Where the counter of real orders starts; below it: reserved (demo and test orders). */
export const FIRST_ORDER_SEQUENCE = 100_100;
/** The README's demo guest order (src/server/seed/demo-guest-order.ts): "1000017". */
export const DEMO_ORDER_SEQUENCE = 100_001;

export type OrderNumberResult = { ok: true; orderNumber: string; sequence: number } | { ok: false; reason: 'format' | 'check_digit' };

/** 100100 → "1001007". */
export function formatOrderNumber(sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < MIN_ORDER_SEQUENCE) {
    throw new RangeError(`Order sequence must be an integer ≥ ${MIN_ORDER_SEQUENCE}: ${sequence}`);
  }
  const payload = String(sequence);
  return `${payload}${luhnCheckDigit(payload)}`;
}

/** Reads what a customer typed: spaces, dashes and a leading '#' are ignored. */
export function parseOrderNumber(input: string): OrderNumberResult {
  const digits = input
    .trim()
    .replace(/^#/, '')
    .replace(/[\s-]+/g, '');
  if (!/^\d{7,16}$/.test(digits)) return { ok: false, reason: 'format' };
  const sequence = Number(digits.slice(0, -1));
  if (digits.startsWith('0') || !Number.isSafeInteger(sequence) || sequence < MIN_ORDER_SEQUENCE) {
    return { ok: false, reason: 'format' };
  }
  if (!isLuhnValid(digits)) return { ok: false, reason: 'check_digit' };
  return { ok: true, orderNumber: digits, sequence };
}

/** The stored form of what was typed or put in a URL ("#100 0017" → "1000017"), or undefined when it is no order number. */
export function orderNumberOf(input: string | undefined): string | undefined {
  const parsed = input === undefined ? undefined : parseOrderNumber(input);
  return parsed?.ok ? parsed.orderNumber : undefined;
}
