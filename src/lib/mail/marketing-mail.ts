/**
 * A marketing e-mail as one recipient gets it (docs/product/emails.md#marketing-e-mail-and-unsubscribe): the
 * operator's text and HTML with a footer line in the storefront's language that carries the recipient's own
 * unsubscribe link, and the List-Unsubscribe headers (RFC 2369) with one-click POST (RFC 8058) that mail
 * providers show as an "unsubscribe" button. Pure: the caller passes the signed link.
 */
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { translator } from '#lib/market/i18n.ts';
import { escapeHtml } from './html-escape.ts';
import { htmlMail } from './mail-layout.ts';
import type { MailContent } from './mail-message.ts';

export interface MarketingContent {
  subject: string;
  text: string;
  /** The operator's HTML: a fragment (framed with the storefront's mail layout) or a whole document. Null: from the text. */
  html: string | null;
}

export const unsubscribeHeaders = (url: string): Record<string, string> => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

const paragraphs = (text: string) =>
  text
    .trim()
    .split(/\n\s*\n/)
    .map((p) => `<p style="margin:0 0 16px">${escapeHtml(p).replaceAll('\n', '<br>')}</p>`)
    .join('\n');

export function marketingMail(
  locale: LocaleCode,
  content: MarketingContent,
  unsubscribeUrl: string,
): MailContent & { headers: Record<string, string> } {
  const t = translator(locale);
  const reason = t('mail.marketing.reason', { brand: LOCALES[locale].brand });
  const action = t('mail.marketing.unsubscribe');
  const text = `${content.text.trimEnd()}\n\n-- \n${reason}\n${action}: ${unsubscribeUrl}\n`;
  const footer = `<p data-unsubscribe style="margin:24px 0 0;padding-top:16px;border-top:1px solid #dde1e7;color:#555;font-size:13px">${escapeHtml(
    reason,
  )} <a href="${escapeHtml(unsubscribeUrl)}" style="color:#1d4ed8">${escapeHtml(action)}</a></p>`;
  const body = content.html ?? paragraphs(content.text);
  const html = /<\/body>/i.test(body)
    ? body.replace(/<\/body>/i, (end) => `${footer}\n${end}`)
    : htmlMail(locale, content.subject, `${body}\n${footer}`);
  return { subject: content.subject, text, html, headers: unsubscribeHeaders(unsubscribeUrl) };
}
