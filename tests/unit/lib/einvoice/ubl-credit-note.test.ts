/**
 * Every storefront's credit note (a cancelled or refunded business order's invoice credited) validated against the
 * official UBL 2.1 CreditNote schema, EN 16931 and Peppol BIS 3.0 rules (docs/adr/0037-einvoice-delivery.md).
 */
import { describe, expect, it } from 'vitest';
import type { LocaleCode } from '#lib/market/locales.ts';
import { LOCALES } from '#lib/market/locales.ts';
import { SELLERS } from '#lib/payments/seller-details.ts';
import { vatBreakdown } from '#lib/checkout/vat-breakdown.ts';
import { defaultEndpoint, registrationId } from '#lib/einvoice/peppol-identifiers.ts';
import { ublCreditNote, type ECreditNote, type EInvoiceLine } from '#lib/einvoice/ubl-invoice.ts';
import { returnCredit } from '#lib/einvoice/credit-note-lines.ts';
import { validatePeppolInvoice } from '#tests/support/peppol-validator.ts';

const ORG: Record<LocaleCode, string> = { sv: '556677-8899', no: '987 654 325', da: '29876541', fi: '2345678-0', nl: '12345678' };
const RATE: Record<LocaleCode, number> = { sv: 25, no: 25, da: 25, fi: 25.5, nl: 21 };

function creditNoteFor(locale: LocaleCode, lines: EInvoiceLine[], shippingGross = 0): ECreditNote {
  const seller = SELLERS[locale];
  const rates = vatBreakdown({
    lines: lines.map((l) => ({ grossMinor: l.totalMinor, vatRate: l.vatRate })),
    shipping: shippingGross ? { grossMinor: shippingGross, vatRate: RATE[locale] } : undefined,
  }).byRate.map((r) => ({ rate: r.vatRate, netMinor: r.netMinor, vatMinor: r.vatMinor, grossMinor: r.grossMinor }));
  return {
    number: 'CN-1000234',
    issueDate: '2026-11-30',
    invoice: { number: '1000234', issueDate: '2026-11-27' },
    currency: LOCALES[locale].currency,
    buyerReference: 'Anna Andersson',
    seller: { name: seller.legalName, vatNumber: seller.vatNumber, party: seller.einvoice },
    buyer: {
      name: 'Fastighetsservice & Co',
      registration: registrationId(locale, ORG[locale])!,
      endpoint: defaultEndpoint(locale, ORG[locale])!,
      street: 'Servicevägen 4',
      postalCode: '11122',
      city: 'Stad',
      countryCode: LOCALES[locale].countryCode,
      contact: { name: 'Anna Andersson' },
    },
    paymentId: '1000234',
    paymentTerms: 'Credited',
    lines,
    rates,
    shippingName: 'Shipping',
  };
}

const line = (locale: LocaleCode, sku: string, quantity: number, unitGross: number): EInvoiceLine => ({
  sku,
  name: `Filter ${sku}`,
  quantity,
  totalMinor: unitGross * quantity,
  vatRate: RATE[locale],
});

describe('ublCreditNote', () => {
  for (const locale of Object.keys(ORG) as LocaleCode[]) {
    it(`is a valid Peppol BIS Billing 3.0 credit note in ${locale}, referencing the invoice`, async () => {
      const xml = ublCreditNote(creditNoteFor(locale, [line(locale, 'PF-1001', 3, 33_333), line(locale, 'PF-2002', 1, 1_999)], 4_900));
      const report = await validatePeppolInvoice(xml);
      expect(report.schemaErrors).toEqual([]);
      expect(report.findings).toEqual([]);
      expect(report.valid).toBe(true);
      expect(xml).toContain('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"');
      expect(xml).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');
      expect(xml).toMatch(
        /<cac:BillingReference>\s*<cac:InvoiceDocumentReference>\s*<cbc:ID>1000234<\/cbc:ID>\s*<cbc:IssueDate>2026-11-27</,
      );
      expect(xml).toContain('<cbc:CreditedQuantity unitCode="H87">3</cbc:CreditedQuantity>');
      expect(xml).not.toContain('DueDate');
    }, 120_000);
  }

  it('is refused by the rules when its totals do not add up (the validator reads credit notes)', async () => {
    const xml = ublCreditNote(creditNoteFor('nl', [line('nl', 'X', 1, 12_100)])).replace(
      /<cbc:PayableAmount currencyID="EUR">[\d.]+</,
      '<cbc:PayableAmount currencyID="EUR">1.00<',
    );
    const report = await validatePeppolInvoice(xml);
    expect(report.valid).toBe(false);
    expect(report.findings.map((f) => f.id)).toContain('BR-CO-16');
  }, 120_000);
});

describe("a refunded return's credit note", () => {
  it('is valid, with the returned lines at the refund and a delivery refund as the shipping charge', async () => {
    const invoiceLines = [line('fi', 'PF-1', 3, 12_990), line('fi', 'PF-2', 2, 4_590)];
    const credit = returnCredit(invoiceLines, {
      lines: [
        { line: 0, quantity: 1 },
        { line: 1, quantity: 2 },
      ],
      goodsMinor: 22_170,
      shippingMinor: 590,
    });
    const xml = ublCreditNote({ ...creditNoteFor('fi', invoiceLines), ...credit });
    const report = await validatePeppolInvoice(xml);
    expect(report.schemaErrors).toEqual([]);
    expect(report.findings).toEqual([]);
    expect(xml).toContain('<cbc:PayableAmount currencyID="EUR">227.60</cbc:PayableAmount>');
  }, 120_000);
});
