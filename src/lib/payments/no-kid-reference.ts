/**
 * Norwegian KID (kundeidentifikasjon), 2–25 digits, with a MOD10 (Luhn) check digit. A KID
 * agreement with the bank names MOD10 or MOD11; ours must say MOD10 (MOD11 can yield '-' as check
 * digit, which customers mistype).
 */
import { isLuhnValid, luhnCheckDigit } from '../checkout/luhn.ts';

export function norwegianKid(base: string): string {
  if (!/^\d{1,24}$/.test(base)) throw new RangeError(`KID base must be 1–24 digits: "${base}"`);
  return `${base}${luhnCheckDigit(base)}`;
}

export function isValidNorwegianKid(kid: string): boolean {
  return /^\d{2,25}$/.test(kid) && isLuhnValid(kid);
}
