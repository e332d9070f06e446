/** What the shop sends by e-mail (docs/product/emails.md): one message, rendered, before it is queued. */
import type { LocaleCode } from '#lib/market/locales.ts';

export const MAIL_KINDS = [
  'order_confirmation',
  'shipped',
  'return_requested',
  'return_received',
  'refunded',
  'withdrawal_acknowledgement',
  'login_link',
  'set_password',
  'password_reset',
  'verify_email',
  'subscription_renewal',
  'marketing',
  'staff_invite',
  /** Back in stock (docs/product/parts-finder.md#back-in-stock): the double opt-in link, then the one notification. */
  'stock_alert_confirm',
  'stock_alert',
  /** Company accounts (docs/product/company-accounts.md): an invitation to buy for a company. */
  'company_invite',
  /** An order above a buyer's limit waits (to the admins), then is approved or declined (to the buyer). */
  'company_approval_request',
  'company_approval_decision',
  /** Quotes (docs/product/quotes.md#answer): staff answered or declined a buyer's quote. */
  'quote_answer',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** A rendered message: both parts always (plain text for every client, HTML for the ones that show it). */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface OutgoingMail extends MailContent {
  kind: MailKind;
  locale: LocaleCode;
  to: string;
  /** Extra headers, e.g. List-Unsubscribe on marketing mail. */
  headers?: Record<string, string>;
  /** One message per business fact ('order_confirmation:100107'): enqueueing it again is a no-op. */
  dedupeKey?: string;
}
