/**
 * The buyer's e-mail when staff answer a quote (docs/product/quotes.md#answer): the quoted total and last day, or that
 * it was declined, with staff's text and the link to the quote on /my-account/quotes. Pure: the caller passes the link.
 */
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { translator } from '#lib/market/i18n.ts';
import { formatMinorPrice } from '#lib/pricing/money-format.ts';
import { escapeHtml } from './html-escape.ts';
import { htmlMail } from './mail-layout.ts';
import type { MailContent } from './mail-message.ts';

export interface QuoteAnswerMailInput {
  declined: boolean;
  totalMinor: number | null;
  /** YYYY-MM-DD */
  validUntil: string | null;
  answerText: string | null;
  url: string;
}

export function quoteAnswerMail(locale: LocaleCode, input: QuoteAnswerMailInput): MailContent {
  const t = translator(locale);
  const brand = LOCALES[locale].brand;
  const m = (key: string, values: Record<string, string | number> = {}) => t(`mail.quote_answer.${key}`, values);
  const subject = m(input.declined ? 'subject_declined' : 'subject', { brand });
  const date = input.validUntil
    ? new Intl.DateTimeFormat(LOCALES[locale].iso, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${input.validUntil}T12:00:00Z`))
    : '';
  const intro = input.declined ? m('intro_declined') : m('intro', { total: formatMinorPrice(input.totalMinor ?? 0, locale), date });
  const paragraphs = [intro, ...(input.answerText ? [input.answerText] : [])];
  const text = [...paragraphs, '', `${m('button')}: ${input.url}`, '', brand, ''].join('\n');
  const html = htmlMail(
    locale,
    subject,
    `${paragraphs.map((p) => `<p style="margin:0 0 16px;white-space:pre-line">${escapeHtml(p)}</p>`).join('\n')}
<p style="margin:0 0 24px"><a href="${escapeHtml(input.url)}" style="display:inline-block;padding:12px 20px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold">${escapeHtml(m('button'))}</a></p>`,
  );
  return { subject, text, html };
}
