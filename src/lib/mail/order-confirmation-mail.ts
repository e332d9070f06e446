/**
 * The order confirmation e-mail (docs/product/emails.md#order-confirmation): the same facts and totals as
 * the confirmation page, from the order's snapshot, in the storefront's language. Pure: the caller passes
 * the order and the link back to it.
 */
import type { CheckoutTotals, ServicePointView } from '#lib/api/checkout-contracts.ts';
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { STRINGS, translator } from '#lib/market/i18n.ts';
import { formatMinorPrice } from '#lib/pricing/money-format.ts';
import { totalsView } from '#lib/orders/totals-view.ts';
import { deliveryWindow, formatPlacedAt } from '#lib/checkout/order-dates.ts';
import { shippingLabel } from '#lib/shipping/shipping-label.ts';
import { escapeHtml } from './html-escape.ts';
import { SELLERS } from '#lib/payments/seller-details.ts';
import { htmlMail, htmlRows, textRows, htmlOpening, textOpening, htmlButton, htmlLink, htmlFootnote } from './mail-layout.ts';
import type { MailContent } from './mail-message.ts';

export interface OrderMailInput {
  orderNumber: string;
  placedAt: string;
  firstName: string;
  items: { sku: string; name: string; quantity: number; total_minor: number }[];
  totals: CheckoutTotals;
  shipping: { carrier: string; name: string; min_days: number; max_days: number };
  servicePoint: ServicePointView | null;
  paymentName: string;
  invoiceReference: string | null;
  /** Where the customer sees the order again (the confirmation page, later their order page). */
  orderUrl: string;
  /** The invoice document, for orders paid by the shop's own invoice. */
  invoiceUrl: string | null;
  /** The online withdrawal function (the footer's entry, docs/product/legal.md), named in the withdrawal information. */
  withdrawalUrl?: string;
}

/**
 * The information on the right of withdrawal and the model withdrawal form (Directive 2011/83/EU art. 6(1)(h),
 * Annex I A and B) on a durable medium: the order is recorded as informed when this mail is queued (art. 10,
 * docs/adr/0023-withdrawal-from-the-first-minute.md).
 */
function withdrawalInformation(locale: LocaleCode, withdrawalUrl: string | undefined) {
  const t = translator(locale);
  const seller = SELLERS[locale];
  const values = {
    seller: seller.legalName,
    address: `${seller.street}, ${seller.postalCity}, ${seller.country}`,
    email: seller.email,
  };
  return {
    title: t('mail.order_confirmation.withdrawal_title'),
    text: t('mail.order_confirmation.withdrawal_text', values),
    link: withdrawalUrl ? { label: t('footer.withdrawal'), url: withdrawalUrl } : null,
    formTitle: t('mail.order_confirmation.model_form_title'),
    form: t('mail.order_confirmation.model_form', values).split('\n'),
  };
}

export function orderConfirmationMail(locale: LocaleCode, o: OrderMailInput): MailContent {
  const t = translator(locale);
  const c = (key: string, values: Record<string, string | number> = {}) => t(`checkout.confirmation.${key}`, values);
  const m = (key: string, values: Record<string, string | number> = {}) => t(`mail.order_confirmation.${key}`, values);
  const money = (minor: number) => formatMinorPrice(minor, locale);
  const estimate = deliveryWindow(o.placedAt, o.shipping.min_days, o.shipping.max_days, locale);
  const sp = o.servicePoint;

  const facts = [
    { label: c('order_number'), value: o.orderNumber },
    { label: c('placed_at'), value: formatPlacedAt(o.placedAt, locale) },
    { label: c('delivery'), value: shippingLabel(o.shipping.carrier, o.shipping.name) },
    { label: m('estimate'), value: `${estimate.from} – ${estimate.to}` },
    ...(sp ? [{ label: c('service_point'), value: `${sp.name}, ${sp.street}, ${sp.postal_code} ${sp.city}` }] : []),
    { label: c('payment'), value: o.paymentName },
    ...(o.invoiceReference ? [{ label: c('invoice_reference'), value: o.invoiceReference }] : []),
  ];
  const lines = o.items.map((l) => ({ label: `${l.quantity} × ${l.name} (${l.sku})`, value: money(l.total_minor) }));
  // the confirmation page's rows (src/lib/orders/totals-view.ts), as label and value
  const view = totalsView(o.totals, false, locale, STRINGS[locale].checkout.totals);
  const totals = view.rows.map((r) => ({ label: r.label, value: r.amount, strong: r.kind === 'total' }));
  const vat = view.vat.rows.map((r) => ({ label: `${t('checkout.totals.vat_amount')} ${r.rateLabel}`, value: r.vat }));

  const withdrawal = withdrawalInformation(locale, o.withdrawalUrl);
  const subject = m('subject', { number: o.orderNumber, brand: LOCALES[locale].brand });
  const greeting = m('greeting', { name: o.firstName });
  const text = [
    ...textOpening(greeting, m('intro')),
    textRows(facts),
    '',
    `${c('items')}:`,
    textRows(lines),
    '',
    textRows([...totals, ...vat]),
    '',
    `${m('view_order')}: ${o.orderUrl}`,
    ...(o.invoiceUrl ? [`${m('view_invoice')}: ${o.invoiceUrl}`] : []),
    '',
    `${withdrawal.title}:`,
    withdrawal.text,
    ...(withdrawal.link ? [`${withdrawal.link.label}: ${withdrawal.link.url}`] : []),
    '',
    `${withdrawal.formTitle}:`,
    ...withdrawal.form,
    '',
    m('footer'),
  ].join('\n');
  const html = htmlMail(
    locale,
    subject,
    [
      htmlOpening(greeting, m('intro')),
      htmlRows(facts),
      `<h2 style="font-size:16px;margin:16px 0 8px">${escapeHtml(c('items'))}</h2>`,
      htmlRows(lines),
      htmlRows([...totals, ...vat]),
      htmlButton(o.orderUrl, m('view_order')),
      o.invoiceUrl ? htmlLink(o.invoiceUrl, m('view_invoice')) : '',
      `<h2 style="font-size:16px;margin:16px 0 8px" data-section="withdrawal">${escapeHtml(withdrawal.title)}</h2>`,
      `<p style="margin:0 0 8px">${escapeHtml(withdrawal.text)}</p>`,
      withdrawal.link ? htmlLink(withdrawal.link.url, withdrawal.link.label) : '',
      `<h3 style="font-size:14px;margin:12px 0 4px">${escapeHtml(withdrawal.formTitle)}</h3>`,
      `<p style="margin:0;font-size:13px">${withdrawal.form.map(escapeHtml).join('<br>')}</p>`,
      htmlFootnote(m('footer')),
    ].join('\n'),
  );
  return { subject, text, html };
}
