/**
 * Customer-facing order numbers: the database sequence (starting at 100100, so every number has at
 * least 6 digits and never looks like a test value) with a Luhn check digit appended. A customer
 * who types the number to support or on a bank transfer is caught on any single wrong digit and
 * on almost every swap of two neighbours, before we look anything up.
 */
import { isLuhnValid, luhnCheckDigit } from '#lib/checkout/luhn.ts';

export const FIRST_ORDER_SEQUENCE = 100_100;

export type OrderNumberResult = { ok: true; orderNumber: string; sequence: number } | { ok: false; reason: 'format' | 'check_digit' };

/** 100100 → "1001008". */
export function formatOrderNumber(sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < FIRST_ORDER_SEQUENCE) {
    throw new RangeError(`Order sequence must be an integer ≥ ${FIRST_ORDER_SEQUENCE}: ${sequence}`);
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
  if (digits.startsWith('0') || !Number.isSafeInteger(sequence) || sequence < FIRST_ORDER_SEQUENCE) {
    return { ok: false, reason: 'format' };
  }
  if (!isLuhnValid(digits)) return { ok: false, reason: 'check_digit' };
  return { ok: true, orderNumber: digits, sequence };
}
