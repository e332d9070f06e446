/**
 * The e-mail that verifies a new address for an account (docs/product/account-pages.md#changing-the-e-mail):
 * sent to the new address, with a one-time link; the account's e-mail changes only when the link is used.
 * Pure: the caller passes the link.
 */
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { translator } from '#lib/market/i18n.ts';
import { htmlMail, htmlOpening, textOpening, htmlButton, htmlFootnote } from './mail-layout.ts';
import type { MailContent } from './mail-message.ts';

export function verifyEmailMail(locale: LocaleCode, o: { name: string; url: string; validHours: number }): MailContent {
  const t = translator(locale);
  const m = (key: string, values: Record<string, string | number> = {}) => t(`mail.verify_email.${key}`, values);
  const subject = m('subject', { brand: LOCALES[locale].brand });
  const greeting = m('greeting', { name: o.name });
  const ignore = m('ignore', { hours: o.validHours });
  const text = [...textOpening(greeting, m('intro')), `${m('button')}: ${o.url}`, '', ignore].join('\n');
  const html = htmlMail(
    locale,
    subject,
    [htmlOpening(greeting, m('intro')), htmlButton(o.url, m('button')), htmlFootnote(ignore)].join('\n'),
  );
  return { subject, text, html };
}
