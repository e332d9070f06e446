/** Kysely types of migration 0012_customer_profile.sql: the profile columns of customers and guest order links (docs/product/account-pages.md). */
import type { Generated } from 'kysely';

export interface CustomerProfileColumns {
  /** National form of the storefront's mobile plan ('0701234567'), '' when not given. */
  phone: Generated<string>;
  street: Generated<string>;
  /** Normalised per storefront ('11151', '1234 AB'), '' when not given. */
  postal_code: Generated<string>;
  city: Generated<string>;
  /** 'consumer' or 'business' (company name and organisation number are kept only for 'business'). */
  customer_type: Generated<string>;
  company_name: Generated<string>;
  organisation_number: Generated<string>;
  /** 0/1; `marketing_consent_at` is when it was last given or withdrawn. */
  marketing_consent: Generated<number>;
  marketing_consent_at: string | null;
  /** A new e-mail waiting for its verification link; `email` changes only when the link is used. */
  pending_email: string | null;
  profile_updated_at: string | null;
}

export interface OrderAccessLinksTable {
  /** SHA-256 (hex) of the link's secret; the secret itself is only in the e-mail. */
  token_hash: string;
  order_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}
export interface AccountPageTables {
  order_access_links: OrderAccessLinksTable;
}
