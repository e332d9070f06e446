/**
 * A company order's e-invoice and its delivery (docs/product/e-invoices.md#the-buyer), on SQLite and PostgreSQL: in every
 * storefront the buyer party is the company as the order keeps it (orders.details.company) — its name, organisation
 * number, VAT number, Peppol endpoint and buyer reference — not the placer's membership now; valid by the vendored UBL
 * schema and the EN 16931 + Peppol BIS rules. The delivery goes to the same endpoint when the company gave its Peppol
 * id (else it is skipped, ADR 0037); staff's "send again" to the company's Peppol id as it is now. An order without a company keeps the checkout's business details.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { LOCALE_CODES } from '#lib/market/locales.ts';
import { invoiceReference } from '#lib/payments/invoice-reference.ts';
import { createCustomer } from '#server/auth/account-links.ts';
import { createCompany } from '#server/company/company-accounts.ts';
import { parseOrderDetails, type OrderCompany } from '#server/orders/order-details.ts';
import { eInvoiceOfOrder } from '#server/checkout/e-invoice.ts';
import { queueEInvoiceDelivery, sendEInvoiceAgain } from '#server/checkout/e-invoice-delivery.ts';
import { deliveryOf } from '#server/einvoice/delivery-queue.ts';
import { CUSTOMERS } from '#tests/support/checkout-customers.ts';
import { validatePeppolInvoice } from '#tests/support/peppol-validator.ts';
import { ENGINES, insertTestOrder } from '#tests/unit/server/backoffice/backoffice-db.ts';

const RATE: Record<LocaleCode, number> = { sv: 25, no: 25, da: 25, fi: 25.5, nl: 21 };
/** Each storefront's company: a VAT number where it has one, a Peppol id given in two of them (else the default). */
const COMPANY: Record<
  LocaleCode,
  { vat: string | null; peppol: string | null; endpoint: [string, string]; registration: [string, string] }
> = {
  sv: { vat: 'SE556012579001', peppol: '0007:5567321707', endpoint: ['0007', '5567321707'], registration: ['0007', '5560125790'] },
  no: { vat: 'NO923609016MVA', peppol: null, endpoint: ['0192', '923609016'], registration: ['0192', '923609016'] },
  da: { vat: 'DK24256790', peppol: null, endpoint: ['0184', 'DK24256790'], registration: ['0184', 'DK24256790'] },
  fi: { vat: null, peppol: null, endpoint: ['0216', '003701120389'], registration: ['0212', '0112038-9'] },
  nl: { vat: 'NL123456789B01', peppol: '0106:69599084', endpoint: ['0106', '69599084'], registration: ['0106', '69599084'] },
};

/** The buyer's part of a UBL document. */
const customerParty = (xml: string) =>
  xml.slice(xml.indexOf('<cac:AccountingCustomerParty>'), xml.indexOf('</cac:AccountingCustomerParty>'));

for (const engine of ENGINES) {
  describe(`a company order's e-invoice on ${engine.name}`, () => {
    let db: Db;
    let close: () => Promise<void>;
    let n = 0;

    beforeAll(async () => {
      ({ db, close } = await engine.open());
    });
    afterAll(async () => {
      await close?.();
    });

    /** A business own-invoice order of `locale`, with `company` as its snapshot (or none): its number. */
    async function order(locale: LocaleCode, company?: OrderCompany, customerId: number | null = null): Promise<string> {
      const number = String(3_000_100 + ++n);
      await insertTestOrder(db, {
        number,
        locale,
        placedAt: new Date(Date.UTC(2026, 10, 20)).toISOString(),
        payment: 'invoice-business',
        provider: 'invoice',
        customerId,
        lines: [{ sku: 'P-1', quantity: 2, unit: 250_00, vat: RATE[locale] }],
      });
      const row = await db.selectFrom('orders').select('details').where('id', '=', number).executeTakeFirstOrThrow();
      const d = parseOrderDetails(row.details);
      const c = CUSTOMERS[locale];
      d.customer = { ...d.customer, type: 'business', company_name: 'Typed At Checkout', organisation_number: c.organisation_number };
      d.invoice_reference = invoiceReference(locale, number, { fikCreditorNumber: '85799665' });
      if (company) d.company = company;
      await db
        .updateTable('orders')
        .set({ details: JSON.stringify(d), company_id: company?.id ?? null })
        .where('id', '=', number)
        .execute();
      return number;
    }

    const snapshot = (locale: LocaleCode, id = `co-${locale}`): OrderCompany => ({
      id,
      name: `Verkstad ${locale.toUpperCase()} Ltd`,
      organisation_number: CUSTOMERS[locale].organisation_number,
      vat_number: COMPANY[locale].vat,
      peppol_id: COMPANY[locale].peppol,
      invoice_reference: `Inköp ${locale}-7`,
      placed_by: { customer_id: 1, name: 'Bo' },
    });

    for (const locale of LOCALE_CODES)
      it(`in ${locale}: the company from the order's snapshot, valid Peppol BIS 3.0, delivered to its endpoint`, async () => {
        const number = await order(locale, snapshot(locale));
        const { xml } = (await eInvoiceOfOrder(db, number))!;
        const report = await validatePeppolInvoice(xml);
        expect(report.schemaErrors).toEqual([]);
        expect(report.findings).toEqual([]);
        const buyer = customerParty(xml);
        const { vat, endpoint, registration } = COMPANY[locale];
        expect(buyer).toContain(`<cbc:EndpointID schemeID="${endpoint[0]}">${endpoint[1]}</cbc:EndpointID>`);
        expect(buyer).toContain(`<cbc:RegistrationName>Verkstad ${locale.toUpperCase()} Ltd</cbc:RegistrationName>`);
        expect(buyer).toContain(`<cbc:CompanyID schemeID="${registration[0]}">${registration[1]}</cbc:CompanyID>`);
        if (vat)
          expect(buyer).toMatch(
            new RegExp(`<cac:PartyTaxScheme>\\s*<cbc:CompanyID>${vat}</cbc:CompanyID>\\s*<cac:TaxScheme>\\s*<cbc:ID>VAT</cbc:ID>`),
          );
        else expect(buyer).not.toContain('PartyTaxScheme');
        expect(buyer).not.toContain('Typed At Checkout');
        expect(xml).toContain(`<cbc:BuyerReference>Inköp ${locale}-7</cbc:BuyerReference>`);

        await queueEInvoiceDelivery(
          db,
          number,
          parseOrderDetails((await db.selectFrom('orders').select('details').where('id', '=', number).executeTakeFirstOrThrow()).details),
        );
        // delivered only to a Peppol id the company gave (ADR 0037): the document's endpoint; else skipped with the reason
        const delivery = await deliveryOf(db, number, 'invoice');
        if (COMPANY[locale].peppol) expect(delivery?.receiver).toBe(`${endpoint[0]}:${endpoint[1]}`);
        else
          expect(delivery).toMatchObject({
            status: 'skipped',
            receiver: null,
            last_error: expect.stringContaining('no Peppol participant id'),
          });
      }, 60_000);

    it("keeps the snapshot when the placer's membership is gone; send again goes to the company's Peppol id now", async () => {
      const owner = (await createCustomer(db, 'admin-e2@example.se', 'Admin'))!;
      const placer = (await createCustomer(db, 'placer-e2@example.se', 'Placer'))!;
      const { company } = await createCompany(db, 'sv', owner.id, {
        name: 'Snapshot AB',
        organisationNumber: '556012-5790',
        billing: { street: 'Gatan 1', postalCode: '111 22', city: 'Stockholm' },
      });
      // placed by a customer who is (now) no member at all; the company had no Peppol id then, no standing reference
      const number = await order(
        'sv',
        { ...snapshot('sv', company.id), name: 'Snapshot AB', peppol_id: null, invoice_reference: null },
        placer.id,
      );
      const { xml } = (await eInvoiceOfOrder(db, number))!;
      expect(customerParty(xml)).toContain('<cbc:EndpointID schemeID="0007">5560125790</cbc:EndpointID>');
      expect(xml).toContain('<cbc:BuyerReference>Anna Svensson</cbc:BuyerReference>'); // no reference: the person, as before
      await queueEInvoiceDelivery(db, number);
      expect(await deliveryOf(db, number, 'invoice')).toMatchObject({ status: 'skipped', receiver: null });

      // the company's admin then gives its Peppol id: staff send it again there
      await db.updateTable('companies').set({ peppol_id: '0007:5567321707' }).where('id', '=', company.id).execute();
      expect(await sendEInvoiceAgain(db, number)).toBe(true);
      const again = (await deliveryOf(db, number, 'invoice'))!;
      expect(again.receiver).toBe('0007:5567321707');
      // the document downloaded is the one sent: to the receiver its delivery names
      expect(customerParty((await eInvoiceOfOrder(db, number))!.xml)).toContain(
        '<cbc:EndpointID schemeID="0007">5567321707</cbc:EndpointID>',
      );
    });

    it('an order without a company keeps the business details typed at checkout (and no delivery without a company)', async () => {
      const number = await order('sv');
      const { xml } = (await eInvoiceOfOrder(db, number))!;
      const buyer = customerParty(xml);
      expect(buyer).toContain('<cbc:RegistrationName>Typed At Checkout</cbc:RegistrationName>');
      expect(buyer).toContain('<cbc:EndpointID schemeID="0007">5560125790</cbc:EndpointID>');
      expect(buyer).not.toContain('PartyTaxScheme');
      expect(xml).toContain('<cbc:BuyerReference>Anna Svensson</cbc:BuyerReference>');
      await queueEInvoiceDelivery(db, number);
      expect(await deliveryOf(db, number, 'invoice')).toMatchObject({ status: 'skipped', receiver: null });
    });
  });
}
