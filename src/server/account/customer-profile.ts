/**
 * A customer's profile (docs/product/account-pages.md#profile): read for the account pages and the form,
 * saved from a validated form. The e-mail is the login and the key to guest orders, so a new one is only
 * stored as pending here; it replaces the old one when its verification link is used (profile-email.ts).
 */
import { liftSuppression } from '#server/mail/suppressions.ts';
import type { Db } from '#server/db/connection.ts';
import { PROFILE_FIELDS, type ProfileValues } from '#lib/account/profile-rules.ts';

export interface CustomerProfile extends ProfileValues {
  id: number;
  pending_email: string | null;
  marketing_consent_at: string | null;
}

export async function readProfile(db: Db, customerId: number): Promise<CustomerProfile | undefined> {
  const r = await db
    .selectFrom('customers')
    .select(['id', ...PROFILE_FIELDS, 'marketing_consent_at', 'pending_email'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!r) return undefined;
  return {
    ...r,
    customer_type: r.customer_type === 'business' ? 'business' : 'consumer',
    marketing_consent: Number(r.marketing_consent) === 1,
  };
}

export interface SaveOutcome {
  /** A newly asked-for e-mail, pending until verified: the caller sends it the link. */
  emailPending: string | null;
}

/**
 * Saves everything but the e-mail; a different e-mail becomes pending. The form shows the pending address,
 * so saving it again (say, after changing the phone) keeps the change and its link; asking for the current
 * address again cancels it. The consent time moves only when the consent itself changes.
 */
export async function saveProfile(db: Db, customerId: number, v: ProfileValues, now = new Date()): Promise<SaveOutcome | undefined> {
  const current = await readProfile(db, customerId);
  if (!current) return undefined;
  const at = now.toISOString();
  const pending = v.email === current.email.toLowerCase() ? null : v.email;
  await db
    .updateTable('customers')
    .set({
      name: v.name,
      phone: v.phone,
      street: v.street,
      postal_code: v.postal_code,
      city: v.city,
      customer_type: v.customer_type,
      company_name: v.company_name,
      organisation_number: v.organisation_number,
      marketing_consent: v.marketing_consent ? 1 : 0,
      marketing_consent_at: v.marketing_consent === current.marketing_consent ? current.marketing_consent_at : at,
      pending_email: pending,
      profile_updated_at: at,
    })
    .where('id', '=', customerId)
    .execute();
  // Consent given again after an unsubscribe: the suppression that unsubscribe recorded is lifted with it.
  if (v.marketing_consent && !current.marketing_consent) await liftSuppression(db, current.email);
  return { emailPending: pending !== null && pending !== current.pending_email ? pending : null };
}
