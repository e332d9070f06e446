/**
 * The invitation to buy for a company (docs/product/company-accounts.md#invitations): who invites, to which company,
 * in which role, and the link that accepts it. Pure: the caller passes the link and its lifetime.
 */
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { translator } from '#lib/market/i18n.ts';
import type { CompanyRole } from '#lib/company/company-roles.ts';
import { escapeHtml } from './html-escape.ts';
import { htmlMail } from './mail-layout.ts';
import type { MailContent } from './mail-message.ts';

export interface CompanyInviteMailInput {
  inviter: string;
  company: string;
  role: CompanyRole;
  url: string;
  validDays: number;
}

export function companyInviteMail(locale: LocaleCode, input: CompanyInviteMailInput): MailContent {
  const t = translator(locale);
  const brand = LOCALES[locale].brand;
  const m = (key: string, values: Record<string, string | number> = {}) => t(`mail.company_invite.${key}`, values);
  const facts = { inviter: input.inviter, company: input.company, brand, role: m(`role_${input.role}`) };
  const subject = m('subject', facts);
  const intro = m('intro', facts);
  const valid = m('valid', { days: input.validDays });
  const text = [intro, '', `${m('button')}: ${input.url}`, '', valid, '', brand, ''].join('\n');
  const html = htmlMail(
    locale,
    subject,
    `<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(input.url)}" style="display:inline-block;padding:12px 20px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold">${escapeHtml(m('button'))}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#4b5563">${escapeHtml(valid)}</p>`,
  );
  return { subject, text, html };
}
