/** The buyer party of an e-invoice (docs/adr/0033-e-invoices.md): the company's identity, its Peppol id or its registration. */
import { describe, expect, it } from 'vitest';
import { buyerIdentity, participantIdOf } from '#lib/einvoice/buyer-party.ts';

describe('buyerIdentity', () => {
  it('takes the Peppol id the company gave, its VAT number and reference (trimmed)', () => {
    expect(
      buyerIdentity('sv', {
        name: 'Verkstad AB',
        organisationNumber: '556012-5790',
        vatNumber: ' SE556012579001 ',
        peppolId: '0007:5567321707',
        invoiceReference: ' Inköp 7 ',
      }),
    ).toEqual({
      name: 'Verkstad AB',
      registration: { scheme: '0007', id: '5560125790' },
      endpoint: { scheme: '0007', id: '5567321707' },
      vatNumber: 'SE556012579001',
      reference: 'Inköp 7',
    });
  });

  it('falls back to the organisation number under its country’s scheme; no VAT number or reference when none', () => {
    expect(buyerIdentity('fi', { name: 'Huolto Oy', organisationNumber: '0112038-9', vatNumber: null, peppolId: null })).toEqual({
      name: 'Huolto Oy',
      registration: { scheme: '0212', id: '0112038-9' },
      endpoint: { scheme: '0216', id: '003701120389' },
    });
    expect(
      buyerIdentity('da', { name: 'Værksted ApS', organisationNumber: '24256790', peppolId: 'not an id', invoiceReference: '  ' }),
    ).toEqual({
      name: 'Værksted ApS',
      registration: { scheme: '0184', id: 'DK24256790' },
      endpoint: { scheme: '0184', id: 'DK24256790' },
    });
  });

  it('has none for an organisation number that fails its country’s check, or without a name', () => {
    expect(buyerIdentity('sv', { name: 'Verkstad AB', organisationNumber: '556012-5791' })).toBeUndefined();
    expect(buyerIdentity('sv', { name: ' ', organisationNumber: '556012-5790' })).toBeUndefined();
  });

  it('writes a participant id as the delivery queue records it', () => {
    expect(participantIdOf({ scheme: '0106', id: '69599084' })).toBe('0106:69599084');
  });
});
