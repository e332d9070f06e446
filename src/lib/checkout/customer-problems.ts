/**
 * What is wrong with the customer fields of a checkout (docs/product/checkout.md#customer-fields), as
 * stable problem codes the server turns into the storefront's language. Pure; the browser runs the same
 * rules for instant feedback, the server's answer is the authority.
 */
import type { CheckoutCustomer } from '#lib/api/checkout-contracts.ts';
import { LOCALES } from '#lib/market/locales.ts';
import { normalizeMobileNumber, normalizePostalCode } from './address-rules.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { validateOrganisationNumber } from './organisation-number.ts';

export type ProblemCode = 'required' | 'email' | 'mobile' | 'postal_code' | 'organisation_number';
export interface CustomerProblem {
  field: keyof CheckoutCustomer;
  code: ProblemCode;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const REQUIRED: (keyof CheckoutCustomer)[] = ['email', 'mobile', 'first_name', 'last_name', 'street', 'postal_code', 'city'];

/**
 * A mobile is accepted in the storefront's numbering plan, or by the storefront's own prefix rule
 * (sv 07…, the others 4… or 9…) so no number the shop accepted before is refused now.
 */
export function mobileAccepted(locale: LocaleCode, input: string): boolean {
  return normalizeMobileNumber(locale, input).ok || LOCALES[locale].mobileRegex.test(input.replace(/[\s-]/g, ''));
}

/** Problems of the fields entered so far; `complete` also reports the empty required ones. */
export function customerProblems(locale: LocaleCode, c: Partial<CheckoutCustomer>, complete: boolean): CustomerProblem[] {
  const out: CustomerProblem[] = [];
  const present = (f: keyof CheckoutCustomer) => typeof c[f] === 'string' && c[f]!.trim() !== '';
  const required = c.type === 'business' ? [...REQUIRED, 'company_name' as const, 'organisation_number' as const] : REQUIRED;
  for (const f of required) if (complete && !present(f)) out.push({ field: f, code: 'required' });
  if (present('email') && !EMAIL.test(c.email!)) out.push({ field: 'email', code: 'email' });
  if (present('mobile') && !mobileAccepted(locale, c.mobile!)) out.push({ field: 'mobile', code: 'mobile' });
  if (present('postal_code') && !normalizePostalCode(locale, c.postal_code!).ok) out.push({ field: 'postal_code', code: 'postal_code' });
  if (c.type === 'business' && present('organisation_number') && !validateOrganisationNumber(locale, c.organisation_number!).ok) {
    out.push({ field: 'organisation_number', code: 'organisation_number' });
  }
  return out;
}
