/** Every storefront's e-invoice validated against the official UBL 2.1 schema, EN 16931 and Peppol BIS 3.0 rules. */
import { describe, expect, it } from 'vitest';
import type { LocaleCode } from '#lib/market/locales.ts';
import { LOCALES } from '#lib/market/locales.ts';
import { SELLERS } from '#lib/payments/seller-details.ts';
import { vatBreakdown } from '#lib/checkout/vat-breakdown.ts';
import { defaultEndpoint, registrationId } from '#lib/einvoice/peppol-identifiers.ts';
import { ublInvoice, type EInvoice, type EInvoiceLine } from '#lib/einvoice/ubl-invoice.ts';
import { validatePeppolInvoice } from '#tests/support/peppol-validator.ts';

const BUYERS: Record<LocaleCode, { org: string; street: string; postalCode: string; city: string; vat?: string }> = {
  sv: { org: '556677-8899', street: 'Servicevägen 4', postalCode: '11122', city: 'Stockholm', vat: 'SE556677889901' },
  no: { org: '987 654 325', street: 'Serviceveien 4', postalCode: '0150', city: 'Oslo', vat: 'NO987654325MVA' },
  da: { org: '29876541', street: 'Servicevej 4', postalCode: '2100', city: 'København Ø', vat: 'DK29876541' },
  fi: { org: '2345678-0', street: 'Huoltotie 4', postalCode: '00100', city: 'Helsinki', vat: 'FI23456780' },
  nl: { org: '12345678', street: 'Servicestraat 4', postalCode: '1011 AB', city: 'Amsterdam' },
};
const RATE: Record<LocaleCode, number> = { sv: 25, no: 25, da: 25, fi: 25.5, nl: 21 };

function invoiceFor(locale: LocaleCode, lines: EInvoiceLine[], shippingGross = 0): EInvoice {
  const buyer = BUYERS[locale];
  const seller = SELLERS[locale];
  const rates = vatBreakdown({
    lines: lines.map((l) => ({ grossMinor: l.totalMinor, vatRate: l.vatRate })),
    shipping: shippingGross ? { grossMinor: shippingGross, vatRate: RATE[locale] } : undefined,
  }).byRate.map((r) => ({ rate: r.vatRate, netMinor: r.netMinor, vatMinor: r.vatMinor, grossMinor: r.grossMinor }));
  return {
    number: '1000234',
    issueDate: '2026-11-27',
    dueDate: '2026-12-27',
    currency: LOCALES[locale].currency,
    buyerReference: 'Anna Andersson',
    seller: { name: seller.legalName, vatNumber: seller.vatNumber, party: seller.einvoice },
    buyer: {
      name: 'Fastighetsservice & Co',
      registration: registrationId(locale, buyer.org)!,
      endpoint: defaultEndpoint(locale, buyer.org)!,
      vatNumber: buyer.vat,
      street: buyer.street,
      postalCode: buyer.postalCode,
      city: buyer.city,
      countryCode: LOCALES[locale].countryCode,
      contact: { name: 'Anna Andersson', email: 'anna@example.com' },
    },
    paymentId: '1000234',
    paymentTerms: '30 days net',
    lines,
    rates,
    shippingName: 'Shipping',
  };
}

const line = (locale: LocaleCode, sku: string, quantity: number, unitGross: number): EInvoiceLine => ({
  sku,
  name: `Dammsugarfilter <${sku}> & co`,
  quantity,
  totalMinor: unitGross * quantity,
  vatRate: RATE[locale],
});

describe('ublInvoice', () => {
  for (const locale of Object.keys(BUYERS) as LocaleCode[]) {
    it(`is a valid Peppol BIS Billing 3.0 invoice in ${locale}`, async () => {
      const xml = ublInvoice(invoiceFor(locale, [line(locale, 'PF-1001', 3, 33_333), line(locale, 'PF-2002', 1, 1_999)], 4_900));
      const report = await validatePeppolInvoice(xml);
      expect(report.schemaErrors).toEqual([]);
      expect(report.findings.filter((f) => f.flag === 'fatal')).toEqual([]);
      expect(report.valid).toBe(true);
      expect(report.findings).toEqual([]); // no warnings either
      expect(xml).toContain('&lt;PF-1001&gt; &amp; co');
    }, 120_000);
  }

  it('is valid with two VAT rates and no shipping (rounding left on the last line of a rate)', async () => {
    const lines = [line('sv', 'A', 3, 1_001), { ...line('sv', 'B', 7, 999), vatRate: 12 }, { ...line('sv', 'C', 1, 13), vatRate: 12 }];
    const report = await validatePeppolInvoice(ublInvoice(invoiceFor('sv', lines)));
    expect(report.findings.filter((f) => f.flag === 'fatal')).toEqual([]);
    expect(report.valid).toBe(true);
  }, 120_000);

  it('is refused by the rules when its totals do not add up (the validator is live)', async () => {
    const xml = ublInvoice(invoiceFor('nl', [line('nl', 'X', 1, 12_100)])).replace(
      /<cbc:PayableAmount currencyID="EUR">[\d.]+</,
      '<cbc:PayableAmount currencyID="EUR">1.00<',
    );
    const report = await validatePeppolInvoice(xml);
    expect(report.valid).toBe(false);
    expect(report.findings.map((f) => f.id)).toContain('BR-CO-16');
  }, 120_000);
});
