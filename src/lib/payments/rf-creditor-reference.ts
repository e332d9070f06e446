/**
 * RF creditor reference (ISO 11649): "RF" + 2 check digits + 1–21 alphanumerics. Check digits are
 * ISO 7064 MOD 97-10 as for IBAN: move "RF00" to the end, letters → 10…35, check = 98 − (n mod 97).
 * Finnish banks accept the national viitenumero wrapped this way (RF + check + viitenumero).
 */
export function rfCreditorReference(reference: string): string {
  const ref = reference.replace(/\s+/g, '').toUpperCase();
  if (!/^[0-9A-Z]{1,21}$/.test(ref)) throw new RangeError(`RF reference must be 1–21 letters or digits: "${reference}"`);
  const check = 98 - mod97(`${ref}RF00`);
  return `RF${String(check).padStart(2, '0')}${ref}`;
}

export function isValidRfCreditorReference(input: string): boolean {
  const value = input.replace(/\s+/g, '').toUpperCase();
  return /^RF\d{2}[0-9A-Z]{1,21}$/.test(value) && mod97(`${value.slice(4)}${value.slice(0, 4)}`) === 1;
}

/** "RF18539007547034" → "RF18 5390 0754 7034". */
export function formatRfCreditorReference(reference: string): string {
  return reference.replace(/(.{4})(?=.)/g, '$1 ');
}

function mod97(value: string): number {
  let remainder = 0;
  for (const char of value) {
    const code = /\d/.test(char) ? Number(char) : char.charCodeAt(0) - 55; // 'A' → 10
    remainder = (remainder * (code > 9 ? 100 : 10) + code) % 97;
  }
  return remainder;
}
