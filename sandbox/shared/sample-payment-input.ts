/**
 * A valid CreatePaymentInput per storefront, for tests and scripts that drive the sandbox: two
 * lines (a part with a line discount, and shipping) whose VAT and sums satisfy every provider's checks.
 */
import type { CreatePaymentInput, PaymentLine } from '#server/payments/payment-provider.ts';
import type { LocaleCode } from '#lib/market/locales.ts';

const STORE: Record<
  LocaleCode,
  { currency: CreatePaymentInput['currency']; vatRate: number; country: string; city: string; postalCode: string; mobile: string }
> = {
  sv: { currency: 'SEK', vatRate: 25, country: 'SE', city: 'Stockholm', postalCode: '11122', mobile: '+46701234567' },
  no: { currency: 'NOK', vatRate: 25, country: 'NO', city: 'Oslo', postalCode: '0150', mobile: '+4791234567' },
  da: { currency: 'DKK', vatRate: 25, country: 'DK', city: 'København', postalCode: '1050', mobile: '+4521234567' },
  fi: { currency: 'EUR', vatRate: 25.5, country: 'FI', city: 'Helsinki', postalCode: '00100', mobile: '+358401234567' },
  nl: { currency: 'EUR', vatRate: 21, country: 'NL', city: 'Amsterdam', postalCode: '1011 AB', mobile: '+31612345678' },
};

/** VAT included in a gross amount, rounded to the minor unit. */
const vatOf = (gross: number, rate: number): number => Math.round(gross - (gross * 100) / (100 + rate));

function line(reference: string, name: string, quantity: number, unit: number, total: number, rate: number): PaymentLine {
  return { reference, name, quantity, unitPriceMinor: unit, totalMinor: total, vatRate: rate, vatMinor: vatOf(total, rate) };
}

export function samplePaymentInput(
  locale: LocaleCode,
  method: string,
  urls: { returnUrl: string; cancelUrl: string; notificationUrl: string },
  reference = `pf-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
): CreatePaymentInput {
  const s = STORE[locale];
  const lines = [
    line('SKU-10042', 'Drive belt 8PK1540', 2, 24_950, 47_900, s.vatRate), // 2 × 249,50 with 20,00 off
    line('shipping', 'Service point delivery', 1, 4_900, 4_900, s.vatRate),
  ];
  return {
    reference,
    checkoutId: `chk-${reference}`,
    locale,
    currency: s.currency,
    amountMinor: lines.reduce((sum, l) => sum + l.totalMinor, 0),
    vatMinor: lines.reduce((sum, l) => sum + l.vatMinor, 0),
    method,
    lines,
    customer: {
      type: 'consumer',
      email: 'customer@example.com',
      mobile: s.mobile,
      firstName: 'Testa',
      lastName: 'Kund',
      street: 'Verkstadsgatan 12',
      postalCode: s.postalCode,
      city: s.city,
      countryCode: s.country,
    },
    ...urls,
  };
}
