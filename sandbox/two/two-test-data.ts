/**
 * Sandbox credentials and company records of the Two emulator (listed in sandbox/README.md).
 * The buyer's organisation number decides Two's credit decision at order creation; numbers are
 * synthetic but pass each country's check digit.
 */
export const TWO_API_KEY = 'two-sandbox-api-key';
export const TWO_MERCHANT_ID = 'b6b9d5d1-0000-4e15-9703-5a4db0c5e1c2';
/** Signing secret of the sandbox webhook endpoint (Svix format: whsec_ + base64 key). */
export const TWO_WEBHOOK_SECRET = 'whsec_c2FuZGJveC10d28td2ViaG9vay1zZWNyZXQtMzI=';

export interface CompanyRecord {
  country: string;
  organizationNumber: string;
  name: string;
  decision: 'APPROVED' | 'REJECTED';
}

export const TWO_COMPANIES: readonly CompanyRecord[] = [
  { country: 'SE', organizationNumber: '559900-1004', name: 'Sandbox Verkstad AB', decision: 'APPROVED' },
  { country: 'SE', organizationNumber: '559900-1012', name: 'Nekad Maskin AB', decision: 'REJECTED' },
  { country: 'NO', organizationNumber: '999900003', name: 'Sandbox Verksted AS', decision: 'APPROVED' },
  { country: 'NO', organizationNumber: '999900011', name: 'Avslått Maskin AS', decision: 'REJECTED' },
  { country: 'DK', organizationNumber: '99990007', name: 'Sandbox Værksted ApS', decision: 'APPROVED' },
  { country: 'DK', organizationNumber: '99990015', name: 'Afvist Maskin ApS', decision: 'REJECTED' },
  { country: 'FI', organizationNumber: '9999000-7', name: 'Sandbox Korjaamo Oy', decision: 'APPROVED' },
  { country: 'FI', organizationNumber: '9999001-5', name: 'Hylätty Kone Oy', decision: 'REJECTED' },
  { country: 'NL', organizationNumber: '99990001', name: 'Sandbox Werkplaats B.V.', decision: 'APPROVED' },
  { country: 'NL', organizationNumber: '99990002', name: 'Afgewezen Machines B.V.', decision: 'REJECTED' },
];

export function companyRecord(country: string, normalized: string): CompanyRecord | undefined {
  return TWO_COMPANIES.find((c) => c.country === country && c.organizationNumber === normalized);
}
