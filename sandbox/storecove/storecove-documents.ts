/**
 * What the emulator checks in a submitted UBL document, as Storecove's parser would refuse it (422): XML whose root is
 * the UBL Invoice (documentType `invoice`) or CreditNote (`creditnote`) with a Peppol BIS Billing 3.0 CustomizationID,
 * and a buyer EndpointID equal to the routing's receiver (a document addressed elsewhere than it is routed).
 */
const UBL = {
  invoice: { root: 'Invoice', ns: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2' },
  creditnote: { root: 'CreditNote', ns: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2' },
} as const;
const PEPPOL_BILLING = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';

export interface CheckedDocument {
  number: string;
  buyerEndpoint: { scheme: string; id: string };
}

export type DocumentCheck = { ok: true; value: CheckedDocument } | { ok: false; details: string };

export function checkDocument(base64: string, type: keyof typeof UBL): DocumentCheck {
  const xml = Buffer.from(base64, 'base64').toString('utf8');
  const { root, ns } = UBL[type];
  if (!new RegExp(`^(<\\?xml[^>]*\\?>\\s*)?<${root}\\s[^>]*xmlns="${ns.replace(/[.:]/g, '\\$&')}"`).test(xml.trimStart()))
    return { ok: false, details: `document is not a UBL ${root} (documentType ${type})` };
  if (!xml.includes(`<cbc:CustomizationID>${PEPPOL_BILLING}</cbc:CustomizationID>`))
    return { ok: false, details: 'CustomizationID is not Peppol BIS Billing 3.0' };
  const number = /<cbc:ID>([^<]+)<\/cbc:ID>/.exec(xml)?.[1];
  const buyer = /<cac:AccountingCustomerParty>[\s\S]*?<cbc:EndpointID schemeID="([^"]+)">([^<]+)<\/cbc:EndpointID>/.exec(xml);
  if (!number || !buyer) return { ok: false, details: 'document has no ID or no buyer EndpointID' };
  return { ok: true, value: { number, buyerEndpoint: { scheme: buyer[1]!, id: buyer[2]! } } };
}
