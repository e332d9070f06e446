/**
 * The "shipped" e-mail (docs/product/fulfilment.md#shipped-e-mail): the parcel is on its way — carrier, tracking number
 * and the carrier's tracking link, the service point to collect it from, the delivery window, and a link to
 * the shop's track-order page. Pure: the caller passes the order's facts and the links.
 */
import type { ServicePointView } from '#lib/api/checkout-contracts.ts';
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { translator } from '#lib/market/i18n.ts';
import { deliveryWindow } from '#lib/checkout/order-dates.ts';
import { shippingLabel } from '#lib/shipping/shipping-label.ts';
import { htmlMail, htmlRows, textRows, htmlOpening, textOpening, htmlButton, htmlLink, htmlFootnote } from './mail-layout.ts';
import type { MailContent } from './mail-message.ts';

export interface ShippedMailInput {
  orderNumber: string;
  placedAt: string;
  firstName: string;
  shipping: { name: string; min_days: number; max_days: number };
  carrier: string;
  trackingNumber: string;
  /** The carrier's tracking page; null for a manual shipment without one. */
  trackingUrl: string | null;
  servicePoint: ServicePointView | null;
  /** The shop's track-order page for this order. */
  trackOrderUrl: string;
}

export function shippedMail(locale: LocaleCode, o: ShippedMailInput): MailContent {
  const t = translator(locale);
  const m = (key: string, values: Record<string, string | number> = {}) => t(`mail.shipped.${key}`, values);
  const c = (key: string) => t(`checkout.confirmation.${key}`);
  const estimate = deliveryWindow(o.placedAt, o.shipping.min_days, o.shipping.max_days, locale);
  const sp = o.servicePoint;
  const facts = [
    { label: c('order_number'), value: o.orderNumber },
    { label: c('delivery'), value: shippingLabel(o.carrier, o.shipping.name) },
    { label: m('tracking_number'), value: o.trackingNumber },
    { label: t('mail.order_confirmation.estimate'), value: `${estimate.from} – ${estimate.to}` },
    ...(sp ? [{ label: c('service_point'), value: `${sp.name}, ${sp.street}, ${sp.postal_code} ${sp.city}` }] : []),
  ];
  const subject = m('subject', { number: o.orderNumber, brand: LOCALES[locale].brand });
  const greeting = t('mail.order_confirmation.greeting', { name: o.firstName });
  const intro = m(sp ? 'intro_service_point' : 'intro', { carrier: o.carrier });
  const text = [
    ...textOpening(greeting, intro),
    textRows(facts),
    '',
    ...(o.trackingUrl ? [`${m('track_parcel')}: ${o.trackingUrl}`] : []),
    `${m('track_order')}: ${o.trackOrderUrl}`,
    '',
    t('mail.order_confirmation.footer'),
  ].join('\n');
  const html = htmlMail(
    locale,
    subject,
    [
      htmlOpening(greeting, intro),
      htmlRows(facts),
      o.trackingUrl ? htmlButton(o.trackingUrl, m('track_parcel')) : '',
      htmlLink(o.trackOrderUrl, m('track_order')),
      htmlFootnote(t('mail.order_confirmation.footer')),
    ].join('\n'),
  );
  return { subject, text, html };
}
