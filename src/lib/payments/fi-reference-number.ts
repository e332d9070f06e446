/**
 * Finnish reference number (viitenumero): a 3–19 digit base and a check digit, 4–20 digits in all.
 * Base digits are weighted 7,3,1,7,3,1… from the right; check = (10 − sum mod 10) mod 10
 * (Finance Finland's rule; its example: base 1234567 → 12345672). Printed in groups of five from
 * the right. The international form is the RF creditor reference built on it (rf-creditor-reference.ts).
 */
const WEIGHTS = [7, 3, 1] as const;

export function finnishReference(base: string): string {
  if (!/^[1-9]\d{2,18}$/.test(base)) throw new RangeError(`Reference base must be 3–19 digits without a leading 0: "${base}"`);
  return `${base}${finnishCheckDigit(base)}`;
}

export function isValidFinnishReference(input: string): boolean {
  const reference = input.replace(/\s+/g, '');
  return /^[1-9]\d{3,19}$/.test(reference) && finnishCheckDigit(reference.slice(0, -1)) === Number(reference.at(-1));
}

/** "12345678901" → "1 23456 78901", as printed on Finnish invoices. */
export function formatFinnishReference(reference: string): string {
  return reference.replace(/\B(?=(\d{5})+$)/g, ' ');
}

function finnishCheckDigit(base: string): number {
  let sum = 0;
  for (let i = base.length - 1, w = 0; i >= 0; i--, w++) sum += Number(base[i]) * WEIGHTS[w % 3]!;
  return (10 - (sum % 10)) % 10;
}
