/**
 * The checkout form's instant checks (docs/product/checkout.md#customer-fields): run on blur so the
 * shopper sees a mistake before the server answers. The rules are the server's own (customer-problems.ts);
 * its `problems` stay the authority. Pure: the island maps a rule to a translated message.
 */
import type { CheckoutView, CustomerType } from '#lib/api/checkout-contracts.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { customerProblems as serverRules, type ProblemCode } from './customer-problems.ts';

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

/** Typing in a field is saved this long after the last keystroke, as one update (docs/product/checkout.md). */
export const FIELD_SAVE_DEBOUNCE_MS = 400;

export type FieldRule = ProblemCode;

const BUSINESS_ONLY: readonly CustomerField[] = ['company_name', 'organisation_number'];

/** The fields a customer of this type fills in. */
export function fieldsFor(type: CustomerType): CustomerField[] {
  return CUSTOMER_FIELDS.filter((f) => type === 'business' || !BUSINESS_ONLY.includes(f));
}

/** What is wrong with one value, or undefined when it passes: the server's own rules (customer-problems.ts). */
export function fieldProblem(locale: LocaleCode, field: CustomerField, value: string | undefined): FieldRule | undefined {
  const type: CustomerType = BUSINESS_ONLY.includes(field) ? 'business' : 'consumer';
  return serverRules(locale, { type, [field]: value ?? '' }, true).find((p) => p.field === field)?.code;
}

/** Every problem of a customer draft, empty required fields included, in form order. */
export function customerProblems(
  locale: LocaleCode,
  type: CustomerType,
  customer: Partial<Record<CustomerField, string>>,
): { field: CustomerField; rule: FieldRule }[] {
  const found = serverRules(locale, { ...customer, type }, true);
  return fieldsFor(type).flatMap((field) => {
    const problem = found.find((p) => p.field === field);
    return problem ? [{ field, rule: problem.code }] : [];
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

/** What placing still needs besides the customer fields: a shipping option, its service point, a payment method, the terms. */
export function choiceProblems(
  view: Pick<CheckoutView, 'shipping_option_id' | 'shipping_options' | 'service_point_id' | 'payment_method' | 'payment_methods'>,
  type: CustomerType,
  termsAccepted: boolean,
): ChoiceField[] {
  const option = view.shipping_options.find((o) => o.id === view.shipping_option_id);
  const payment = view.payment_methods.find((m) => m.id === view.payment_method);
  const out: ChoiceField[] = [];
  if (!option) out.push('shipping_option_id');
  if (option?.has_service_points && !view.service_point_id) out.push('service_point_id');
  if (!payment || !payment.customer_types.includes(type)) out.push('payment_method');
  if (!termsAccepted) out.push('terms');
  return out;
}
