/** Valid Swedish organisation numbers for tests: 556 + six digits of `seed` + the Luhn check digit (unique per seed). */
import { luhnCheckDigit } from '#lib/checkout/luhn.ts';

export function swedishOrgNumber(seed: number): string {
  const payload = `556${String(Math.abs(Math.trunc(seed)) % 1_000_000).padStart(6, '0')}`;
  return `${payload}${luhnCheckDigit(payload)}`;
}
