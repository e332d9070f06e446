/** The staff invitation e-mail (docs/product/back-office.md#invites), in the invited member's language. Pure. */
import { escapeHtml } from '#lib/mail/html-escape.ts';
import type { MailContent } from '#lib/mail/mail-message.ts';
import { boTranslator } from './backoffice-i18n.ts';
import type { StaffRole } from './permissions.ts';
import type { StaffLocale } from './staff-locale.ts';

export function staffInviteMail(locale: StaffLocale, input: { role: StaffRole; url: string }): MailContent {
  const t = boTranslator(locale);
  const subject = t('mail.invite_subject');
  const intro = t('mail.invite_intro', { role: t(`role.${input.role}`) });
  const button = t('mail.invite_button');
  const footer = `${t('mail.invite_validity')} ${t('mail.invite_ignore')}`;
  const text = [intro, '', `${button}: ${input.url}`, '', footer, ''].join('\n');
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;color:#1d2330">
<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(input.url)}" style="display:inline-block;padding:12px 20px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold">${escapeHtml(button)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#4b5563">${escapeHtml(footer)}</p>
<p style="margin:0;font-size:13px;color:#4b5563;word-break:break-all">${escapeHtml(input.url)}</p>
</body></html>`;
  return { subject, text, html };
}
