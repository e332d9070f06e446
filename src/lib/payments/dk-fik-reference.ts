/**
 * Danish FI-kort (FIK) card type 71: a 15-digit payment id (betalings-id) whose last digit is a
 * modulus-10 check digit with weights 1,2 from the right (check digit weight 1) and digit sums of
 * the products, i.e. Luhn. Checked against the card printer's published example (id 1 → "…18") and
 * a real invoice line "+71< 000000067097535+85799665<".
 *
 * The code line customers type in their net bank is "+71<" + payment id + "+" + creditor number
 * (8 digits, from the shop's FI agreement) + "<"; no spaces in our rendering.
 */
import { isLuhnValid, luhnCheckDigit } from '../checkout/luhn.ts';

export function fikPaymentId(base: string): string {
  if (!/^\d{1,14}$/.test(base)) throw new RangeError(`FIK payment id base must be 1–14 digits: "${base}"`);
  const payload = base.padStart(14, '0');
  return `${payload}${luhnCheckDigit(payload)}`;
}

export function isValidFikPaymentId(id: string): boolean {
  return /^\d{15}$/.test(id) && isLuhnValid(id);
}

export function fikCodeLine(base: string, creditorNumber: string): string {
  if (!/^\d{8}$/.test(creditorNumber)) throw new RangeError(`FIK creditor number must be 8 digits: "${creditorNumber}"`);
  return `+71<${fikPaymentId(base)}+${creditorNumber}<`;
}

/** Reads a "+71<id+creditor<" line (spaces ignored) and checks the payment id. */
export function parseFikCodeLine(line: string): { paymentId: string; creditorNumber: string } | undefined {
  const match = /^\+71<(\d{15})\+(\d{8})<$/.exec(line.replace(/\s+/g, ''));
  return match && isValidFikPaymentId(match[1]!) ? { paymentId: match[1]!, creditorNumber: match[2]! } : undefined;
}
