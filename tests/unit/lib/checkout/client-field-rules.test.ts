import { describe, expect, it } from 'vitest';
import {
  choiceProblems,
  customerProblems,
  fieldProblem,
  fieldsFor,
  firstInFormOrder,
  formFieldOf,
} from '#lib/checkout/client-field-rules.ts';

describe('checkout form instant checks', () => {
  it('checks one field with the server rules', () => {
    expect(fieldProblem('sv', 'postal_code', '123 45')).toBeUndefined();
    expect(fieldProblem('sv', 'postal_code', '1234')).toBe('postal_code');
    expect(fieldProblem('sv', 'mobile', '070-123 45 67')).toBeUndefined();
    expect(fieldProblem('sv', 'mobile', '08-123 456 78')).toBe('mobile');
    expect(fieldProblem('nl', 'postal_code', '1011 ab')).toBeUndefined();
    expect(fieldProblem('fi', 'organisation_number', '0112038-9')).toBeUndefined();
    expect(fieldProblem('fi', 'organisation_number', '0112038-8')).toBe('organisation_number');
    expect(fieldProblem('da', 'email', 'a@b')).toBe('email');
    expect(fieldProblem('da', 'city', '  ')).toBe('required');
    expect(fieldProblem('da', 'company_name', '')).toBe('required');
  });
  it('lists every problem of a draft in form order, business fields only for a business', () => {
    expect(fieldsFor('consumer')).not.toContain('company_name');
    expect(fieldsFor('business').slice(0, 2)).toEqual(['company_name', 'organisation_number']);
    const draft = {
      email: 'x@example.se',
      mobile: '0701234567',
      first_name: 'A',
      last_name: 'B',
      street: 'Gatan 1',
      postal_code: '12',
      city: 'Ort',
    };
    expect(customerProblems('sv', 'consumer', draft)).toEqual([{ field: 'postal_code', rule: 'postal_code' }]);
    expect(customerProblems('sv', 'business', { ...draft, postal_code: '12345', organisation_number: '556012-5790' })).toEqual([
      { field: 'company_name', rule: 'required' },
    ]);
  });
  it('maps server field names and finds the first problem of the form', () => {
    expect(formFieldOf('customer.mobile')).toBe('mobile');
    expect(formFieldOf('payment_method')).toBe('payment_method');
    expect(firstInFormOrder(['terms', 'city', 'email', 'unknown'])).toBe('email');
    expect(firstInFormOrder([])).toBeUndefined();
  });
  it('names the choices placing still needs', () => {
    const option = {
      id: 'sp',
      carrier: 'PostNord',
      name: 'Ombud',
      kind: 'service_point' as const,
      price_minor: 0,
      vat_rate: 25,
      min_days: 1,
      max_days: 2,
      has_service_points: true,
    };
    const invoice = { id: 'invoice', name: 'Faktura', provider: 'invoice', customer_types: ['consumer' as const] };
    const view = {
      shipping_options: [option],
      shipping_option_id: null,
      service_point_id: null,
      payment_methods: [invoice],
      payment_method: null,
    };
    expect(choiceProblems(view, 'consumer', false)).toEqual(['shipping_option_id', 'payment_method', 'terms']);
    expect(choiceProblems({ ...view, shipping_option_id: 'sp', payment_method: 'invoice' }, 'consumer', true)).toEqual([
      'service_point_id',
    ]);
    expect(
      choiceProblems({ ...view, shipping_option_id: 'sp', service_point_id: 'p1', payment_method: 'invoice' }, 'business', true),
    ).toEqual(['payment_method']);
  });
});
