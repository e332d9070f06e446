/**
 * The words of company orders and approvals in each storefront's language (docs/product/company-accounts.md#approval):
 * the checkout's refusals and notices, the confirmation of an order that waits, the account's lists and the mails.
 * The texts are the locale files' `company.approval` block; the keys are typed here so a missing one fails the build.
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import { translator } from '#lib/market/i18n.ts';

export const APPROVAL_TEXT_KEYS = [
  'viewer_refused',
  'invoice_only',
  'limit_notice',
  'viewer_notice',
  'waiting_title',
  'waiting_text',
  'declined_title',
  'declined_text',
  'approved_text',
  'approvals_title',
  'my_approvals_title',
  'none_waiting',
  'requested_by',
  'requested_at',
  'total',
  'status',
  'status_waiting',
  'status_approved',
  'status_declined',
  'placed_by',
  'approve',
  'decline',
  'reason',
  'done_approve',
  'done_decline',
  'refused_decided',
  'refused_price_changed',
  'refused_out_of_stock',
  'refused_not_member',
  'mail_request_subject',
  'mail_request_intro',
  'mail_request_button',
  'mail_approved_subject',
  'mail_approved_intro',
  'mail_declined_subject',
  'mail_declined_intro',
  'mail_reason',
] as const;
export type ApprovalTextKey = (typeof APPROVAL_TEXT_KEYS)[number];

/** The text in the storefront's language with `{{name}}` filled in (values are plain text; pages and mails escape). */
export function approvalText(locale: LocaleCode, key: ApprovalTextKey, values: Record<string, string | number> = {}): string {
  return translator(locale)(`company.approval.${key}`, values);
}
