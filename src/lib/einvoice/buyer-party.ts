/**
 * Who the buyer is on an e-invoice (docs/adr/0033-e-invoices.md#the-buyer): a company order's buyer is its company as
 * the order keeps it (orders.details.company) — not the placer's membership now, which may have changed or ended —
 * and a guest business order's the company name and organisation number typed at checkout. Pure.
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import { defaultEndpoint, parseParticipantId, registrationId, type PartyId } from './peppol-identifiers.ts';

export interface BuyerCompany {
  name: string;
  organisationNumber: string;
  vatNumber?: string | null;
  /** "<ICD scheme>:<id>" the company gave; none: its organisation number under its country's scheme. */
  peppolId?: string | null;
  /** The company's standing buyer reference (BT-10). */
  invoiceReference?: string | null;
}

export interface BuyerIdentity {
  name: string;
  /** BT-47: PartyLegalEntity/CompanyID with its scheme. */
  registration: PartyId;
  /** BT-49: EndpointID, where the document is delivered (the access point routes by the same id). */
  endpoint: PartyId;
  /** BT-48: PartyTaxScheme/CompanyID, only when the company has one. */
  vatNumber?: string;
  reference?: string;
}

/** The buyer party, or undefined when the organisation number does not pass its country's check (no e-invoice). */
export function buyerIdentity(locale: LocaleCode, company: BuyerCompany): BuyerIdentity | undefined {
  const registration = registrationId(locale, company.organisationNumber);
  if (!registration || !company.name.trim()) return undefined;
  const given = parseParticipantId(company.peppolId ?? '');
  const vatNumber = company.vatNumber?.trim();
  const reference = company.invoiceReference?.trim();
  return {
    name: company.name,
    registration,
    endpoint: given.ok ? given.value : defaultEndpoint(locale, company.organisationNumber)!,
    ...(vatNumber ? { vatNumber } : {}),
    ...(reference ? { reference } : {}),
  };
}

/** "<scheme>:<id>", as the delivery queue records its receiver. */
export const participantIdOf = (p: PartyId): string => `${p.scheme}:${p.id}`;
