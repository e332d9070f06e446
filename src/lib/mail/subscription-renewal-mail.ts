/**
 * The subscription renewal e-mail (docs/product/subscriptions.md#renewals): a renewal order was made, what
 * it holds and costs now, how it is paid, when the next one comes, and where to skip, change or cancel.
 * Pure: the caller passes the facts and the links.
 */
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { translator } from '#lib/market/i18n.ts';
import { formatMinorPrice } from '#lib/pricing/money-format.ts';
import { formatDueDate, intervalLabel } from '#lib/subscriptions/interval-label.ts';
import { htmlMail, htmlRows, textRows, htmlOpening, textOpening, htmlLink } from './mail-layout.ts';
import type { MailContent } from './mail-message.ts';

export interface RenewalMailInput {
  orderNumber: string;
  firstName: string;
  productName: string;
  sku: string;
  quantity: number;
  intervalMonths: number;
  totalMinor: number;
  invoiceReference: string | null;
  nextDue: string;
  orderUrl: string;
  subscriptionsUrl: string;
}

export function subscriptionRenewalMail(locale: LocaleCode, r: RenewalMailInput): MailContent {
  const t = translator(locale);
  const m = (key: string, values: Record<string, string | number> = {}) => t(`mail.subscription_renewal.${key}`, values);
  const facts = [
    { label: t('checkout.confirmation.order_number'), value: r.orderNumber },
    { label: m('product'), value: `${r.quantity} × ${r.productName} (${r.sku})` },
    { label: m('interval'), value: intervalLabel(locale, r.intervalMonths) },
    { label: m('total'), value: formatMinorPrice(r.totalMinor, locale) },
    ...(r.invoiceReference ? [{ label: t('checkout.confirmation.invoice_reference'), value: r.invoiceReference }] : []),
    { label: m('next_due'), value: formatDueDate(locale, r.nextDue) },
  ];
  const subject = m('subject', { number: r.orderNumber, brand: LOCALES[locale].brand });
  const greeting = t('mail.order_confirmation.greeting', { name: r.firstName });
  const text = [
    ...textOpening(greeting, m('intro')),
    textRows(facts),
    '',
    `${m('view_order')}: ${r.orderUrl}`,
    `${m('manage')}: ${r.subscriptionsUrl}`,
  ].join('\n');
  const html = htmlMail(
    locale,
    subject,
    [
      htmlOpening(greeting, m('intro')),
      htmlRows(facts),
      htmlLink(r.orderUrl, m('view_order'), '16px 0'),
      htmlLink(r.subscriptionsUrl, m('manage')),
    ].join('\n'),
  );
  return { subject, text, html };
}
