/**
 * The checkout form's instant checks (docs/product/checkout.md): run on blur so the shopper sees a
 * mistake before the server answers. The server's `problems` stay the authority; these rules only use
 * the same postal code, mobile and organisation number rules it does (address-rules.ts,
 * organisation-number.ts). Pure: the island maps a rule to a translated message.
 */
import type { CustomerType } from '#lib/api/checkout-contracts.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { normalizeMobileNumber, normalizePostalCode } from './address-rules.ts';
import { validateOrganisationNumber } from './organisation-number.ts';

/** Customer fields in the order the form shows them (the first problem in this order gets focus). */
export const CUSTOMER_FIELDS = [
  'company_name',
  'organisation_number',
  'email',
  'mobile',
  'first_name',
  'last_name',
  'street',
  'postal_code',
  'city',
] as const;
export type CustomerField = (typeof CUSTOMER_FIELDS)[number];

/** Choices below the address, in form order after the customer fields. */
export const CHOICE_FIELDS = ['shipping_option_id', 'service_point_id', 'payment_method', 'terms'] as const;
export type ChoiceField = (typeof CHOICE_FIELDS)[number];
export type FormField = CustomerField | ChoiceField;
const FORM_ORDER: readonly string[] = [...CUSTOMER_FIELDS, ...CHOICE_FIELDS];

export type FieldRule = 'required' | 'email' | 'mobile' | 'postal_code' | 'organisation_number';

const BUSINESS_ONLY: readonly CustomerField[] = ['company_name', 'organisation_number'];
// Deliberately loose: one @, no spaces, a dot in the domain. The server and the mail bounce decide the rest.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** The fields a customer of this type fills in. */
export function fieldsFor(type: CustomerType): CustomerField[] {
  return CUSTOMER_FIELDS.filter((f) => type === 'business' || !BUSINESS_ONLY.includes(f));
}

/** What is wrong with one value, or undefined when it passes. */
export function fieldProblem(locale: LocaleCode, field: CustomerField, value: string | undefined): FieldRule | undefined {
  const v = (value ?? '').trim();
  if (v === '') return 'required';
  switch (field) {
    case 'email':
      return EMAIL.test(v) ? undefined : 'email';
    case 'mobile':
      return normalizeMobileNumber(locale, v).ok ? undefined : 'mobile';
    case 'postal_code':
      return normalizePostalCode(locale, v).ok ? undefined : 'postal_code';
    case 'organisation_number':
      return validateOrganisationNumber(locale, v).ok ? undefined : 'organisation_number';
    default:
      return undefined;
  }
}

/** Every problem of a customer draft, in form order. */
export function customerProblems(
  locale: LocaleCode,
  type: CustomerType,
  customer: Partial<Record<CustomerField, string>>,
): { field: CustomerField; rule: FieldRule }[] {
  return fieldsFor(type).flatMap((field) => {
    const rule = fieldProblem(locale, field, customer[field]);
    return rule ? [{ field, rule }] : [];
  });
}

/** The server may name a customer field `customer.email` or `email`: the form knows it as `email`. */
export function formFieldOf(serverField: string): string {
  return serverField.startsWith('customer.') ? serverField.slice('customer.'.length) : serverField;
}

/** Of the fields with a problem, the one that comes first in the form (focus goes there). */
export function firstInFormOrder(fields: readonly string[]): string | undefined {
  const rank = (f: string) => (FORM_ORDER.includes(f) ? FORM_ORDER.indexOf(f) : FORM_ORDER.length);
  return [...fields].sort((a, b) => rank(a) - rank(b))[0];
}

export function isFormField(field: string): field is FormField {
  return FORM_ORDER.includes(field);
}
