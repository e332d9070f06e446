/** Kysely types of migration 0013_marketing.sql (docs/product/emails.md#marketing-e-mail-and-unsubscribe). */
export interface MailSuppressionsTable {
  /** Lower-cased. */
  email: string;
  locale: string;
  /** 'unsubscribe_link' | 'one_click' */
  reason: string;
  created_at: string;
}
export interface MailSigningKeysTable {
  name: string;
  /** Random, hex. */
  secret: string;
  created_at: string;
}
export interface MarketingTables {
  mail_suppressions: MailSuppressionsTable;
  mail_signing_keys: MailSigningKeysTable;
}
