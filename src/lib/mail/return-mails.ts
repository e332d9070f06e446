/**
 * The e-mails of a return (docs/product/returns.md#e-mails), each with HTML and plain text in the storefront's
 * language: the acknowledgement of a withdrawal (Directive 2011/83/EU art. 11(3): on a durable medium, without
 * delay), the instructions for a return under the shop's policy, goods received, and the refund. Pure: the
 * caller passes the return's facts and the seller's address.
 */
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { translator } from '#lib/market/i18n.ts';
import { formatMinorPrice } from '#lib/pricing/money-format.ts';
import { escapeHtml } from './html-escape.ts';
import { htmlMail, htmlRows, textRows, htmlOpening, textOpening, htmlLink, htmlFootnote } from './mail-layout.ts';
import type { MailContent, MailKind } from './mail-message.ts';

export type ReturnMailKind = Extract<MailKind, 'withdrawal_acknowledgement' | 'return_requested' | 'return_received' | 'refunded'>;

export interface ReturnMailInput {
  rma: string;
  orderNumber: string;
  firstName: string;
  lines: { name: string; sku: string; quantity: number }[];
  refundMinor: number;
  /** Where the parcel goes ("Partsfront AB, Verkstadsgatan 12, 411 04 Göteborg, Sverige"). */
  returnAddress: string;
  /** The page that shows the return (account or guest order). */
  orderUrl: string;
  /** The prepaid return the shipping provider booked; without one the parcel goes to `returnAddress`. */
  returnCode?: { carrier: string; code: string } | null;
  /** When the withdrawal was made, as the storefront shows it (art. 11a: the acknowledgement names date and time). */
  withdrawnAt?: string;
  /** A withdrawal before shipping: the order is cancelled, nothing to send back (the RMA is the order number). */
  cancelled?: boolean;
  /** A cancelled order whose payment was only reserved or invoiced, never taken: nothing is paid back. */
  nothingCharged?: boolean;
}

const KEYS: Record<ReturnMailKind, string> = {
  withdrawal_acknowledgement: 'withdrawal',
  return_requested: 'requested',
  return_received: 'received',
  refunded: 'refunded',
};

export function returnMail(kind: ReturnMailKind, locale: LocaleCode, r: ReturnMailInput): MailContent {
  const t = translator(locale);
  const section = kind === 'withdrawal_acknowledgement' && r.cancelled ? 'withdrawal_cancel' : KEYS[kind];
  const m = (key: string, values: Record<string, string | number> = {}) => t(`mail.returns.${section}.${key}`, values);
  const money = formatMinorPrice(r.refundMinor, locale);
  const values = { rma: r.rma, number: r.orderNumber, brand: LOCALES[locale].brand, amount: money };
  const subject = m('subject', values);
  const greeting = t('mail.order_confirmation.greeting', { name: r.firstName });
  const released = r.cancelled === true && r.nothingCharged === true;
  const intro = m(released ? 'intro_released' : 'intro', values);
  const sendBack = (kind === 'withdrawal_acknowledgement' && !r.cancelled) || kind === 'return_requested';
  const facts = [
    ...(r.cancelled ? [] : [{ label: t('mail.returns.rma'), value: r.rma }]),
    { label: t('checkout.confirmation.order_number'), value: r.orderNumber },
    ...(r.withdrawnAt ? [{ label: t('mail.returns.withdrawn_at'), value: r.withdrawnAt }] : []),
    ...(released ? [] : [{ label: t('mail.returns.refund'), value: money }]),
  ];
  const lines = r.lines.map((l) => `${l.quantity} × ${l.name} (${l.sku})`);
  const instructions = !sendBack
    ? []
    : r.returnCode
      ? [t('mail.returns.instructions_code', { rma: r.rma, carrier: r.returnCode.carrier, code: r.returnCode.code })]
      : [t('mail.returns.instructions', { rma: r.rma }), r.returnAddress];
  const text = [
    ...textOpening(greeting, intro),
    ...lines,
    '',
    textRows(facts),
    '',
    ...instructions,
    ...(sendBack ? [''] : []),
    `${t('mail.returns.view')}: ${r.orderUrl}`,
    '',
    t('mail.order_confirmation.footer'),
  ].join('\n');
  const html = htmlMail(
    locale,
    subject,
    [
      htmlOpening(greeting, intro),
      `<ul style="margin:0 0 16px;padding-left:20px">${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
      htmlRows(facts),
      ...instructions.map(
        (p, i) =>
          `<p style="margin:0 0 ${i === instructions.length - 1 ? 16 : 4}px${i === 1 ? ';font-weight:bold' : ''}">${escapeHtml(p)}</p>`,
      ),
      htmlLink(r.orderUrl, t('mail.returns.view')),
      htmlFootnote(t('mail.order_confirmation.footer')),
    ].join('\n'),
  );
  return { subject, text, html };
}
