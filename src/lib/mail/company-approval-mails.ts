/**
 * The mails of an order that waits for a company admin (docs/product/company-accounts.md#approval): to the company's
 * admins when a buyer's order waits, to the buyer when it is approved (the order's own confirmation follows) or
 * declined (with the admin's reason). Pure: amounts come formatted, links complete.
 */
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { approvalText } from '#lib/company/approval-texts.ts';
import { escapeHtml } from './html-escape.ts';
import { htmlButton, htmlMail } from './mail-layout.ts';
import type { MailContent } from './mail-message.ts';

function content(locale: LocaleCode, subject: string, paragraphs: string[], button?: { url: string; label: string }): MailContent {
  const brand = LOCALES[locale].brand;
  const text = [...paragraphs.flatMap((p) => [p, '']), ...(button ? [`${button.label}: ${button.url}`, ''] : []), brand, ''].join('\n');
  const body =
    paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('\n') +
    (button ? htmlButton(button.url, button.label) : '');
  return { subject, text, html: htmlMail(locale, subject, body) };
}

/** To each admin: who waits for what amount, and the company page where they decide. */
export function approvalRequestMail(
  locale: LocaleCode,
  input: { buyer: string; company: string; total: string; url: string },
): MailContent {
  const subject = approvalText(locale, 'mail_request_subject', input);
  return content(locale, subject, [approvalText(locale, 'mail_request_intro', input)], {
    url: input.url,
    label: approvalText(locale, 'mail_request_button'),
  });
}

/** To the buyer: approved (with the order's number) or declined (with the admin's reason, when given). */
export function approvalDecisionMail(
  locale: LocaleCode,
  input: { company: string; total: string } & ({ approved: true; orderNumber: string } | { approved: false; reason: string | null }),
): MailContent {
  if (input.approved) {
    const values = { company: input.company, total: input.total, number: input.orderNumber };
    return content(locale, approvalText(locale, 'mail_approved_subject', values), [approvalText(locale, 'mail_approved_intro', values)]);
  }
  const values = { company: input.company, total: input.total };
  const paragraphs = [approvalText(locale, 'mail_declined_intro', values)];
  if (input.reason) paragraphs.push(approvalText(locale, 'mail_reason', { reason: input.reason }));
  return content(locale, approvalText(locale, 'mail_declined_subject', values), paragraphs);
}
