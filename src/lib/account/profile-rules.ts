/**
 * The profile form's rules (docs/product/account-pages.md#profile): shape and length with zod, then the
 * storefront's own rules for e-mail, mobile, postal code and organisation number — the checkout's
 * (customer-problems.ts), so an address that checks out at the checkout is accepted here and the other way
 * round. Pure: the page turns the problem codes into the storefront's language (checkoutMessage).
 */
import { z } from 'zod';
import type { LocaleCode } from '#lib/market/locales.ts';
import { normalizeMobileNumber, normalizePostalCode } from '#lib/checkout/address-rules.ts';
import { customerProblems, type ProblemCode } from '#lib/checkout/customer-problems.ts';
import { validateOrganisationNumber } from '#lib/checkout/organisation-number.ts';

/** The form's fields, in the order the form shows them (the first problem in this order gets focus). */
export const PROFILE_FIELDS = [
  'name',
  'email',
  'phone',
  'street',
  'postal_code',
  'city',
  'customer_type',
  'company_name',
  'organisation_number',
  'marketing_consent',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

const text = (max: number) => z.string().trim().max(max).default('');

/** What the form posts (all strings; an unticked checkbox is absent). Unknown fields are ignored. */
export const profileFormSchema = z.object({
  name: text(120),
  email: text(254),
  phone: text(32),
  street: text(120),
  postal_code: text(16),
  city: text(80),
  customer_type: z.enum(['consumer', 'business']).default('consumer'),
  company_name: text(120),
  organisation_number: text(32),
  marketing_consent: z.literal('on').optional(),
});
export type ProfileForm = z.input<typeof profileFormSchema>;

/** The profile as stored: normalised per storefront, company details only for business buyers. */
export interface ProfileValues {
  name: string;
  email: string;
  phone: string;
  street: string;
  postal_code: string;
  city: string;
  customer_type: 'consumer' | 'business';
  company_name: string;
  organisation_number: string;
  marketing_consent: boolean;
}

/** `too_long`: a field over its length limit (the zod check), the others are the checkout's codes. */
export type ProfileProblemCode = ProblemCode | 'too_long';
export interface ProfileProblem {
  field: ProfileField;
  code: ProfileProblemCode;
}

export type ProfileResult = { ok: true; values: ProfileValues } | { ok: false; problems: ProfileProblem[] };

const ADDRESS: ProfileField[] = ['street', 'postal_code', 'city'];

/** Validates and normalises a posted profile for `locale`'s storefront. */
export function checkProfile(locale: LocaleCode, input: Record<string, unknown>): ProfileResult {
  const parsed = profileFormSchema.safeParse(input);
  if (!parsed.success) {
    // Over-long text is the only thing a person can type wrong here; anything else is a tampered form.
    const problems = parsed.error.issues.map((i) => ({
      field: String(i.path[0]) as ProfileField,
      code: i.code === 'too_big' ? ('too_long' as const) : ('required' as const),
    }));
    return { ok: false, problems: inFormOrder(problems.filter((p) => PROFILE_FIELDS.includes(p.field))) };
  }
  const f = parsed.data;
  const business = f.customer_type === 'business';
  const problems: ProfileProblem[] = [];
  if (!f.name) problems.push({ field: 'name', code: 'required' });
  if (!f.email) problems.push({ field: 'email', code: 'required' });
  // An address is all or nothing: a postal code without a street ships nowhere.
  if (ADDRESS.some((k) => f[k as 'street'] !== '')) {
    for (const k of ADDRESS) if (f[k as 'street'] === '') problems.push({ field: k, code: 'required' });
  }
  if (business) {
    if (!f.company_name) problems.push({ field: 'company_name', code: 'required' });
    if (!f.organisation_number) problems.push({ field: 'organisation_number', code: 'required' });
  }
  const shared = customerProblems(
    locale,
    {
      type: f.customer_type,
      email: f.email,
      mobile: f.phone,
      postal_code: f.postal_code,
      organisation_number: business ? f.organisation_number : '',
    },
    false,
  );
  for (const p of shared) problems.push({ field: p.field === 'mobile' ? 'phone' : (p.field as ProfileField), code: p.code });
  if (problems.length) return { ok: false, problems: inFormOrder(problems) };

  const mobile = f.phone ? normalizeMobileNumber(locale, f.phone) : undefined;
  const postal = f.postal_code ? normalizePostalCode(locale, f.postal_code) : undefined;
  const org = business ? validateOrganisationNumber(locale, f.organisation_number) : undefined;
  return {
    ok: true,
    values: {
      name: f.name,
      email: f.email.toLowerCase(),
      // The storefront's plain prefix rule may pass a number the numbering plan does not know: keep it as typed.
      phone: mobile ? (mobile.ok ? mobile.normalized : f.phone.replace(/[\s.-]+/g, '')) : '',
      street: f.street,
      postal_code: postal?.ok ? postal.normalized : '',
      city: f.city,
      customer_type: f.customer_type,
      company_name: business ? f.company_name : '',
      organisation_number: org?.ok ? org.normalized : '',
      marketing_consent: f.marketing_consent === 'on',
    },
  };
}

/** One problem per field (the first found), in form order. */
function inFormOrder(problems: ProfileProblem[]): ProfileProblem[] {
  const seen = new Set<ProfileField>();
  return problems
    .filter((p) => (seen.has(p.field) ? false : (seen.add(p.field), true)))
    .sort((a, b) => PROFILE_FIELDS.indexOf(a.field) - PROFILE_FIELDS.indexOf(b.field));
}

/** The posted form as a plain object (repeated names: the last value; files are ignored). */
export function formObject(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === 'string') out[k] = v;
  return out;
}
