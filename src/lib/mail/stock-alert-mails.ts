/**
 * The two back-in-stock e-mails (docs/product/emails.md#back-in-stock), pure: the caller passes the links.
 * The confirmation carries the double opt-in link; the notification names the product and links its page, never
 * a price (it may have changed by the time the shopper reads it), and both carry the link that ends the request
 * (in List-Unsubscribe too on the notification, like marketing mail).
 */
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { translator } from '#lib/market/i18n.ts';
import { htmlButton, htmlFootnote, htmlLink, htmlMail } from './mail-layout.ts';
import { escapeHtml } from './html-escape.ts';
import { unsubscribeHeaders } from './marketing-mail.ts';
import type { MailContent } from './mail-message.ts';

const para = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;

export function stockAlertConfirmMail(locale: LocaleCode, o: { product: string; confirmUrl: string; stopUrl: string }): MailContent {
  const t = translator(locale);
  const m = (key: string) => t(`back_in_stock.mail_confirm.${key}`, { product: o.product, brand: LOCALES[locale].brand });
  const subject = m('subject');
  const text = [m('intro'), '', `${m('button')}: ${o.confirmUrl}`, '', m('ignore'), `${m('stop')}: ${o.stopUrl}`, ''].join('\n');
  const html = htmlMail(
    locale,
    subject,
    [para(m('intro')), htmlButton(o.confirmUrl, m('button')), htmlFootnote(m('ignore')), htmlLink(o.stopUrl, m('stop'), '8px 0 0')].join(
      '\n',
    ),
  );
  return { subject, text, html };
}

export function stockAlertMail(
  locale: LocaleCode,
  o: { product: string; productUrl: string; stopUrl: string },
): MailContent & { headers: Record<string, string> } {
  const t = translator(locale);
  const m = (key: string) => t(`back_in_stock.mail_notify.${key}`, { product: o.product, brand: LOCALES[locale].brand });
  const subject = m('subject');
  const text = [m('intro'), '', `${m('button')}: ${o.productUrl}`, '', m('once'), `${m('stop')}: ${o.stopUrl}`, ''].join('\n');
  const html = htmlMail(
    locale,
    subject,
    [para(m('intro')), htmlButton(o.productUrl, m('button')), htmlFootnote(m('once')), htmlLink(o.stopUrl, m('stop'), '8px 0 0')].join(
      '\n',
    ),
  );
  return { subject, text, html, headers: unsubscribeHeaders(o.stopUrl) };
}
