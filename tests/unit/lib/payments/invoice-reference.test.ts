import { describe, expect, it } from 'vitest';
import { LOCALE_CODES as CHECKOUT_LOCALES } from '#lib/market/locales.ts';
import { invoiceReference, isValidInvoiceReference } from '#lib/payments/invoice-reference.ts';

describe('invoiceReference per storefront', () => {
  it('sv: OCR with length digit', () => {
    expect(invoiceReference('sv', '12345')).toEqual({ scheme: 'se_ocr', reference: '1234574', display: '1234574' });
  });
  it('no: KID MOD10', () => {
    expect(invoiceReference('no', '7992739871')).toEqual({ scheme: 'no_kid', reference: '79927398713', display: '79927398713' });
  });
  it('da: FIK +71 code line with our creditor number', () => {
    expect(invoiceReference('da', '6709753', { fikCreditorNumber: '85799665' })).toEqual({
      scheme: 'dk_fik71',
      reference: '000000067097535',
      display: '+71<000000067097535+85799665<',
    });
    expect(() => invoiceReference('da', '6709753')).toThrow(RangeError);
  });
  it('fi: viitenumero and its RF form', () => {
    expect(invoiceReference('fi', '1234567')).toEqual({
      scheme: 'fi_reference',
      reference: '12345672',
      display: '123 45672',
      rf: 'RF85 1234 5672',
    });
  });
  it('nl: 16-digit betalingskenmerk', () => {
    expect(invoiceReference('nl', '56789012345')).toEqual({
      scheme: 'nl_betalingskenmerk',
      reference: '5000056789012345',
      display: '5000 0567 8901 2345',
    });
  });
  it('refuses a non-numeric order number', () => {
    expect(() => invoiceReference('sv', '1001-007')).toThrow(RangeError);
  });
  it('validates what it generates, in machine and printed form, and rejects a typo', () => {
    expect(invoiceReference('nl', '1001007').reference).toBe('7000000001001007'); // 7·2 + 1·5 + 1·7 = 26 → 11 − 4
    for (const locale of CHECKOUT_LOCALES) {
      const ref = invoiceReference(locale, '1001007', { fikCreditorNumber: '85799665' });
      expect(isValidInvoiceReference(locale, ref.reference), locale).toBe(true);
      expect(isValidInvoiceReference(locale, ref.display), locale).toBe(true);
      const last = ref.reference.at(-1)!;
      const typo = ref.reference.slice(0, -1) + (last === '9' ? '8' : String(Number(last) + 1));
      expect(isValidInvoiceReference(locale, typo), locale).toBe(false);
    }
  });
});
