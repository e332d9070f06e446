/**
 * A business order's invoice as a Peppol BIS Billing 3.0 UBL Invoice (EN 16931; docs/adr/0033-e-invoices.md): the same
 * syntax in every storefront country, the national rules being the Peppol BIS ones its seller and buyer fall under.
 * A credit note is the same document as a UBL CreditNote (type 381) referencing the invoice it credits
 * (BillingReference, BT-25), with positive amounts (docs/adr/0037-einvoice-delivery.md).
 * Built with xmlbuilder2 (escaping and namespaces by the library); amounts from invoice-amounts.ts. Pure.
 */
import { create } from 'xmlbuilder2';
import type { SellerParty } from '#lib/payments/seller-details.ts';
import type { PartyId } from './peppol-identifiers.ts';
import { decimal, invoiceAmounts, type GrossLine, type RateRow } from './invoice-amounts.ts';

export const CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const PROFILE_ID = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

export interface EInvoiceLine extends GrossLine {
  sku: string;
  name: string;
}

export interface EInvoiceBuyer {
  name: string;
  registration: PartyId;
  endpoint: PartyId;
  vatNumber?: string;
  street: string;
  postalCode: string;
  city: string;
  countryCode: string;
  contact?: { name?: string; email?: string };
}

export interface EInvoice {
  number: string;
  issueDate: string;
  dueDate: string;
  currency: string;
  /** BT-10: what the buyer asked to see on the invoice (their reference person or code). */
  buyerReference: string;
  /** BT-13: the buyer's purchase order number, when they gave one. */
  purchaseOrder?: string;
  seller: { name: string; vatNumber: string; party: SellerParty };
  buyer: EInvoiceBuyer;
  /** BT-83: the payment reference (OCR, KID, FIK, RF …). */
  paymentId?: string;
  /** BT-20; a credit note has none. */
  paymentTerms?: string;
  lines: readonly EInvoiceLine[];
  /** The order's VAT per rate (taxable, VAT, gross; shipping included). */
  rates: readonly RateRow[];
  /** What the shipping charge is called on the invoice. */
  shippingName: string;
}

/** A credit note: what it credits instead of a due date. */
export interface ECreditNote extends Omit<EInvoice, 'dueDate'> {
  /** BT-25/BT-26: the invoice credited. */
  invoice: { number: string; issueDate: string };
}

const NS = {
  '@xmlns:cac': 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  '@xmlns:cbc': 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};

/** 25 → "25", 25.5 → "25.5". */
const percent = (rate: number) => String(rate);
const VAT = { 'cbc:ID': 'VAT' };
const taxCategory = (rate: number) => ({ 'cbc:ID': rate > 0 ? 'S' : 'Z', 'cbc:Percent': percent(rate), 'cac:TaxScheme': VAT });

export function ublInvoice(inv: EInvoice): string {
  return ublDocument(inv, { root: 'Invoice', typeCode: ['cbc:InvoiceTypeCode', '380'], line: ['cac:InvoiceLine', 'cbc:InvoicedQuantity'] });
}

export function ublCreditNote(note: ECreditNote): string {
  return ublDocument(note, {
    root: 'CreditNote',
    typeCode: ['cbc:CreditNoteTypeCode', '381'],
    line: ['cac:CreditNoteLine', 'cbc:CreditedQuantity'],
    credits: note.invoice,
  });
}

interface Syntax {
  root: 'Invoice' | 'CreditNote';
  typeCode: [string, string];
  line: [string, string];
  credits?: { number: string; issueDate: string };
}

function ublDocument(inv: Omit<EInvoice, 'dueDate'> & { dueDate?: string }, syntax: Syntax): string {
  const amounts = invoiceAmounts(inv.lines, inv.rates);
  const money = (minor: number) => ({ '@currencyID': inv.currency, '#': decimal(minor) });
  const { party } = inv.seller;
  const b = inv.buyer;
  const [lineElement, quantityElement] = syntax.line;
  const doc = {
    [syntax.root]: {
      '@xmlns': `urn:oasis:names:specification:ubl:schema:xsd:${syntax.root}-2`,
      ...NS,
      'cbc:CustomizationID': CUSTOMIZATION_ID,
      'cbc:ProfileID': PROFILE_ID,
      'cbc:ID': inv.number,
      'cbc:IssueDate': inv.issueDate,
      ...(inv.dueDate ? { 'cbc:DueDate': inv.dueDate } : {}), // an Invoice's; a CreditNote has none at this place
      [syntax.typeCode[0]]: syntax.typeCode[1],
      'cbc:DocumentCurrencyCode': inv.currency,
      'cbc:BuyerReference': inv.buyerReference,
      ...(inv.purchaseOrder ? { 'cac:OrderReference': { 'cbc:ID': inv.purchaseOrder } } : {}),
      ...(syntax.credits
        ? {
            'cac:BillingReference': {
              'cac:InvoiceDocumentReference': { 'cbc:ID': syntax.credits.number, 'cbc:IssueDate': syntax.credits.issueDate },
            },
          }
        : {}),
      'cac:AccountingSupplierParty': {
        'cac:Party': {
          'cbc:EndpointID': { '@schemeID': party.endpoint.scheme, '#': party.endpoint.id },
          'cac:PartyName': { 'cbc:Name': inv.seller.name },
          'cac:PostalAddress': {
            'cbc:StreetName': party.street,
            'cbc:CityName': party.city,
            'cbc:PostalZone': party.postalCode,
            'cac:Country': { 'cbc:IdentificationCode': party.countryCode },
          },
          'cac:PartyTaxScheme': [
            { 'cbc:CompanyID': inv.seller.vatNumber, 'cac:TaxScheme': VAT },
            ...(party.taxRegistration ? [{ 'cbc:CompanyID': party.taxRegistration, 'cac:TaxScheme': { 'cbc:ID': 'TAX' } }] : []),
          ],
          'cac:PartyLegalEntity': {
            'cbc:RegistrationName': inv.seller.name,
            'cbc:CompanyID': { '@schemeID': party.registration.scheme, '#': party.registration.id },
          },
        },
      },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          'cbc:EndpointID': { '@schemeID': b.endpoint.scheme, '#': b.endpoint.id },
          'cac:PartyName': { 'cbc:Name': b.name },
          'cac:PostalAddress': {
            'cbc:StreetName': b.street,
            'cbc:CityName': b.city,
            'cbc:PostalZone': b.postalCode,
            'cac:Country': { 'cbc:IdentificationCode': b.countryCode },
          },
          ...(b.vatNumber ? { 'cac:PartyTaxScheme': { 'cbc:CompanyID': b.vatNumber, 'cac:TaxScheme': VAT } } : {}),
          'cac:PartyLegalEntity': {
            'cbc:RegistrationName': b.name,
            'cbc:CompanyID': { '@schemeID': b.registration.scheme, '#': b.registration.id },
          },
          ...(b.contact?.name || b.contact?.email
            ? {
                'cac:Contact': {
                  ...(b.contact.name ? { 'cbc:Name': b.contact.name } : {}),
                  ...(b.contact.email ? { 'cbc:ElectronicMail': b.contact.email } : {}),
                },
              }
            : {}),
        },
      },
      'cac:PaymentMeans': {
        'cbc:PaymentMeansCode': party.account.means,
        ...(inv.paymentId ? { 'cbc:PaymentID': inv.paymentId } : {}),
        'cac:PayeeFinancialAccount': {
          'cbc:ID': party.account.id,
          ...(party.account.bic || party.account.branch
            ? { 'cac:FinancialInstitutionBranch': { 'cbc:ID': party.account.branch ?? party.account.bic } }
            : {}),
        },
      },
      ...(inv.paymentTerms ? { 'cac:PaymentTerms': { 'cbc:Note': inv.paymentTerms } } : {}),
      ...(amounts.charges.length
        ? {
            'cac:AllowanceCharge': amounts.charges.map((c) => ({
              'cbc:ChargeIndicator': 'true',
              'cbc:AllowanceChargeReasonCode': 'FC',
              'cbc:AllowanceChargeReason': inv.shippingName,
              'cbc:Amount': money(c.netMinor),
              'cac:TaxCategory': taxCategory(c.vatRate),
            })),
          }
        : {}),
      'cac:TaxTotal': {
        'cbc:TaxAmount': money(amounts.vatMinor),
        'cac:TaxSubtotal': amounts.taxes.map((t) => ({
          'cbc:TaxableAmount': money(t.taxableMinor),
          'cbc:TaxAmount': money(t.vatMinor),
          'cac:TaxCategory': taxCategory(t.vatRate),
        })),
      },
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': money(amounts.lineExtensionMinor),
        'cbc:TaxExclusiveAmount': money(amounts.taxExclusiveMinor),
        'cbc:TaxInclusiveAmount': money(amounts.taxInclusiveMinor),
        ...(amounts.chargeTotalMinor ? { 'cbc:ChargeTotalAmount': money(amounts.chargeTotalMinor) } : {}),
        'cbc:PayableAmount': money(amounts.payableMinor),
      },
      [lineElement]: inv.lines.map((line, i) => {
        const net = amounts.lines[i]!;
        return {
          'cbc:ID': String(i + 1),
          [quantityElement]: { '@unitCode': 'H87', '#': String(line.quantity) },
          'cbc:LineExtensionAmount': money(net.netMinor),
          'cac:Item': {
            'cbc:Name': line.name,
            'cac:SellersItemIdentification': { 'cbc:ID': line.sku },
            'cac:ClassifiedTaxCategory': taxCategory(line.vatRate),
          },
          'cac:Price': {
            'cbc:PriceAmount': { '@currencyID': inv.currency, '#': net.price.amount },
            ...(net.price.baseQuantity !== 1 ? { 'cbc:BaseQuantity': { '@unitCode': 'H87', '#': String(net.price.baseQuantity) } } : {}),
          },
        };
      }),
    },
  };
  return create({ version: '1.0', encoding: 'UTF-8' }, doc).end({ prettyPrint: true });
}
