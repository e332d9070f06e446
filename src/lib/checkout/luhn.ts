/**
 * Luhn (mod 10, weights 2,1 from the right of the payload, products' digit sums added). Shared by
 * Swedish organisationsnummer/OCR, Norwegian KID MOD10, Danish FIK payment ids and our order numbers.
 * It catches every single-digit typo and all adjacent transpositions except 09 ↔ 90.
 */
const DIGITS = /^\d+$/;

/** The check digit to append to `payload` (a non-empty digit string). */
export function luhnCheckDigit(payload: string): number {
  if (!DIGITS.test(payload)) throw new RangeError(`Luhn payload must be digits: "${payload}"`);
  return (10 - (luhnSum(payload, true) % 10)) % 10;
}

/** True when the last digit of `digits` is the Luhn check digit of the rest. */
export function isLuhnValid(digits: string): boolean {
  return DIGITS.test(digits) && digits.length >= 2 && luhnSum(digits, false) % 10 === 0;
}

// `doubleRightmost`: the rightmost digit is payload (computing a check digit) rather than the check digit.
function luhnSum(digits: string, doubleRightmost: boolean): number {
  let sum = 0;
  for (let i = digits.length - 1, double = doubleRightmost; i >= 0; i--, double = !double) {
    const product = Number(digits[i]) * (double ? 2 : 1);
    sum += product > 9 ? product - 9 : product;
  }
  return sum;
}
