/**
 * Sandbox credentials, stores and test persons of the Walley emulator (listed in sandbox/README.md).
 * The person's national identification number, typed on the checkout page, decides the outcome.
 */
export const WALLEY_CLIENT = {
  clientId: 'partsfront-sandbox',
  clientSecret: 'walley-sandbox-secret',
  scope: '705798e0-8cef-427c-ae00-6023deba29af/.default',
};

/** storeId → market; the adapter's WALLEY_STORE_IDS default to these. */
export const WALLEY_STORES: Record<number, { countryCode: string; currency: string }> = {
  1001: { countryCode: 'SE', currency: 'SEK' },
  1002: { countryCode: 'NO', currency: 'NOK' },
  1003: { countryCode: 'DK', currency: 'DKK' },
  1004: { countryCode: 'FI', currency: 'EUR' },
};

/** Walley's purchase.result for a completed purchase. */
export type PurchaseResult = 'Preliminary' | 'OnHold' | 'Rejected';

export interface TestPerson {
  nationalId: string;
  firstName: string;
  lastName: string;
  result: PurchaseResult;
}

export const WALLEY_TEST_PERSONS: readonly TestPerson[] = [
  { nationalId: '19800101-1111', firstName: 'Agnes', lastName: 'Godkänd', result: 'Preliminary' },
  { nationalId: '19800101-2222', firstName: 'Nils', lastName: 'Nekad', result: 'Rejected' },
  { nationalId: '19800101-3333', firstName: 'Vera', lastName: 'Väntar', result: 'OnHold' },
];

/** Unknown numbers are treated like a failed credit check, as Walley does for unknown persons. */
export function personFor(nationalId: string): TestPerson {
  const normalized = nationalId.replace(/\s+/g, '');
  return (
    WALLEY_TEST_PERSONS.find((p) => p.nationalId === normalized) ?? {
      nationalId: normalized,
      firstName: 'Okänd',
      lastName: 'Person',
      result: 'Rejected',
    }
  );
}
