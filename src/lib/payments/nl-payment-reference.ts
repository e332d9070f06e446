/**
 * Dutch payment reference (betalingskenmerk, Betaalvereniging Nederland / formerly Currence
 * acceptgiro spec). We issue the 16-digit form: check digit + 15 digits. Weights from the rightmost
 * digit leftwards 2,4,8,5,10,9,7,3,6,1 (2^n mod 11), repeating; check = 11 − (sum mod 11), with
 * 10 → 1 and 11 → 0. The 9–14 digit forms (check digit, length code (digits after it) mod 10, then
 * the digits; the length code is weighted too) are validated as well, since banks pass them on.
 * Source example: (5)000 0567 8901 2345.
 */
const WEIGHTS = [2, 4, 8, 5, 10, 9, 7, 3, 6, 1] as const;

export function dutchPaymentReference(base: string): string {
  if (!/^\d{1,15}$/.test(base)) throw new RangeError(`Payment reference base must be 1–15 digits: "${base}"`);
  const payload = base.padStart(15, '0');
  return `${betalingskenmerkCheckDigit(payload)}${payload}`;
}

export function isValidDutchPaymentReference(input: string): boolean {
  const reference = input.replace(/\s+/g, '');
  if (!/^\d{9,14}$|^\d{16}$/.test(reference)) return false;
  if (reference.length <= 14 && Number(reference[1]) !== (reference.length - 2) % 10) return false;
  return betalingskenmerkCheckDigit(reference.slice(1)) === Number(reference[0]);
}

/** "5000056789012345" → "5000 0567 8901 2345", the grouping printed on invoices. */
export function formatDutchPaymentReference(reference: string): string {
  return reference.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Check digit for the digits after it (for short forms: the length code and the digits). */
export function betalingskenmerkCheckDigit(payload: string): number {
  let sum = 0;
  for (let i = payload.length - 1, w = 0; i >= 0; i--, w++) sum += Number(payload[i]) * WEIGHTS[w % WEIGHTS.length]!;
  const check = 11 - (sum % 11);
  return check === 11 ? 0 : check === 10 ? 1 : check;
}
