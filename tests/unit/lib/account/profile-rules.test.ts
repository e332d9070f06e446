import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '#lib/market/locales.ts';
import { checkProfile, formObject } from '#lib/account/profile-rules.ts';
import { CUSTOMERS } from '#tests/support/checkout-customers.ts';

const base = { name: 'Anna', email: 'Anna@Example.se' };

describe('checkProfile', () => {
  it.each(LOCALE_CODES)('accepts the storefront’s own address and mobile (%s) and normalises them', (locale) => {
    const c = CUSTOMERS[locale];
    const r = checkProfile(locale, { ...base, phone: c.mobile, street: c.street, postal_code: c.postal_code, city: c.city });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.values.email).toBe('anna@example.se');
    expect(r.values.phone).not.toMatch(/[\s-]/);
    expect(r.values.street).toBe(c.street);
    expect(r.values.marketing_consent).toBe(false);
  });

  it.each(LOCALE_CODES)('refuses a postal code and a mobile of the wrong shape (%s)', (locale) => {
    const c = CUSTOMERS[locale];
    const r = checkProfile(locale, { ...base, phone: c.bad_mobile, street: c.street, postal_code: c.bad_postal_code, city: c.city });
    expect(r).toEqual({
      ok: false,
      problems: [
        { field: 'phone', code: 'mobile' },
        { field: 'postal_code', code: 'postal_code' },
      ],
    });
  });

  it('normalises per storefront: sv postal code without space, nl with one and capitals, sv mobile from +46', () => {
    const sv = checkProfile('sv', { ...base, phone: '+46 70 123 45 67', street: 'Gatan 1', postal_code: '111 51', city: 'Stockholm' });
    expect(sv.ok && [sv.values.phone, sv.values.postal_code]).toEqual(['0701234567', '11151']);
    const nl = checkProfile('nl', { ...base, street: 'Straat 1', postal_code: '1234ab', city: 'Utrecht' });
    expect(nl.ok && nl.values.postal_code).toBe('1234 AB');
  });

  it('needs a name and an e-mail; phone and address are optional, but an address is all or nothing', () => {
    expect(checkProfile('sv', { ...base })).toMatchObject({ ok: true });
    expect(checkProfile('sv', { name: ' ', email: 'nope' })).toEqual({
      ok: false,
      problems: [
        { field: 'name', code: 'required' },
        { field: 'email', code: 'email' },
      ],
    });
    expect(checkProfile('sv', { ...base, city: 'Stockholm' })).toEqual({
      ok: false,
      problems: [
        { field: 'street', code: 'required' },
        { field: 'postal_code', code: 'required' },
      ],
    });
  });

  it('checks company details only for business buyers, with the storefront’s check digits', () => {
    const consumer = checkProfile('sv', { ...base, company_name: 'Ignored AB', organisation_number: 'x' });
    expect(consumer.ok && [consumer.values.company_name, consumer.values.organisation_number]).toEqual(['', '']);
    const missing = checkProfile('no', { ...base, customer_type: 'business' });
    expect(missing).toEqual({
      ok: false,
      problems: [
        { field: 'company_name', code: 'required' },
        { field: 'organisation_number', code: 'required' },
      ],
    });
    const badCheckDigit = checkProfile('no', {
      ...base,
      customer_type: 'business',
      company_name: 'Verkstedet AS',
      organisation_number: '923609017',
    });
    expect(badCheckDigit).toEqual({ ok: false, problems: [{ field: 'organisation_number', code: 'organisation_number' }] });
    for (const locale of LOCALE_CODES) {
      const c = CUSTOMERS[locale];
      const r = checkProfile(locale, {
        ...base,
        customer_type: 'business',
        company_name: c.company_name,
        organisation_number: c.organisation_number,
      });
      expect(r.ok, locale).toBe(true);
    }
  });

  it('takes marketing consent from the ticked checkbox only', () => {
    const on = checkProfile('fi', { ...base, marketing_consent: 'on' });
    expect(on.ok && on.values.marketing_consent).toBe(true);
    expect(checkProfile('fi', { ...base, marketing_consent: 'yes' })).toMatchObject({ ok: false });
  });

  it('refuses over-long text and tampered choices without throwing', () => {
    expect(checkProfile('da', { ...base, name: 'x'.repeat(121) })).toEqual({ ok: false, problems: [{ field: 'name', code: 'too_long' }] });
    expect(checkProfile('da', { ...base, customer_type: 'admin' })).toEqual({
      ok: false,
      problems: [{ field: 'customer_type', code: 'required' }],
    });
  });
});

describe('formObject', () => {
  it('keeps the text fields of a posted form (last value wins) and drops files', () => {
    const f = new FormData();
    f.append('name', 'A');
    f.append('name', 'B');
    f.append('file', new Blob(['x']), 'x.txt');
    expect(formObject(f)).toEqual({ name: 'B' });
  });
});
