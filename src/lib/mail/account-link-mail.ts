/**
 * The account e-mails that carry a one-time link (docs/product/accounts.md#one-time-links): set your password
 * (new account), reset your password, sign in with a link. Pure: the caller passes the link and its lifetime;
 * texts in the storefront's language, HTML and plain text.
 */
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { translator } from '#lib/market/i18n.ts';
import { escapeHtml } from './html-escape.ts';
import { htmlMail } from './mail-layout.ts';
import type { MailContent } from './mail-message.ts';

export type AccountLinkMailKind = 'set_password' | 'password_reset' | 'login_link';

export interface AccountLinkMailInput {
  name: string;
  url: string;
  /** How long the link works, in minutes (shown as minutes below two hours, else hours). */
  validMinutes: number;
}

export function accountLinkMail(locale: LocaleCode, kind: AccountLinkMailKind, input: AccountLinkMailInput): MailContent {
  const t = translator(locale);
  const m = (key: string, values: Record<string, string | number> = {}) => t(`mail.${kind}.${key}`, values);
  const brand = LOCALES[locale].brand;
  const validity =
    input.validMinutes < 120
      ? t('mail.account_link.valid_minutes', { minutes: input.validMinutes })
      : t('mail.account_link.valid_hours', { hours: Math.round(input.validMinutes / 60) });
  const subject = m('subject', { brand });
  const greeting = input.name ? t('mail.account_link.greeting', { name: input.name }) : t('mail.account_link.greeting_anonymous');
  const intro = m('intro', { brand });
  const ignore = t('mail.account_link.ignore');
  const text = [greeting, '', intro, '', `${m('button')}: ${input.url}`, '', `${validity} ${ignore}`, '', brand, ''].join('\n');
  const html = htmlMail(
    locale,
    subject,
    `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(input.url)}" style="display:inline-block;padding:12px 20px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold">${escapeHtml(m('button'))}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#4b5563">${escapeHtml(validity)} ${escapeHtml(ignore)}</p>
<p style="margin:0;font-size:13px;color:#4b5563;word-break:break-all">${escapeHtml(input.url)}</p>`,
  );
  return { subject, text, html };
}
