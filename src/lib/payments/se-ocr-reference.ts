/**
 * Swedish OCR reference (Bankgirot "OCR-referensnummer"), 2–25 digits. We always use the variant
 * with a length digit: the next-to-last digit is the total length (check and length digit included)
 * mod 10, the last is the Luhn check digit over everything before it. Bankgirot's strictest control
 * level ("hård kontroll" with length check) requires this form, and banks on softer levels accept it
 * too, so one form works whatever our bank agreement says.
 */
import { isLuhnValid, luhnCheckDigit } from '../checkout/luhn.ts';

const MAX_LENGTH = 25;

/** "1001008" → base + length digit + check digit, e.g. "100100891". */
export function swedishOcrReference(base: string): string {
  if (!/^\d+$/.test(base) || base.length + 2 > MAX_LENGTH) throw new RangeError(`OCR base must be 1–23 digits: "${base}"`);
  const withLength = `${base}${(base.length + 2) % 10}`;
  return `${withLength}${luhnCheckDigit(withLength)}`;
}

export function isValidSwedishOcrReference(reference: string): boolean {
  return /^\d{3,25}$/.test(reference) && Number(reference.at(-2)) === reference.length % 10 && isLuhnValid(reference);
}
