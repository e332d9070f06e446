/**
 * A Delivery Checkout session as the API answers it: `delivery_groups` (the selected option, as in
 * Ingrid's v2 Session) plus `categories`, the options the shipping selector would show (v1 session
 * shape; with the widget real Ingrid keeps these inside the html_snippet).
 */
import type { CategoryConfig } from './ingrid-site-config.ts';
import { freeShippingFrom } from './ingrid-site-config.ts';
import type { Session } from './ingrid-store.ts';

const DAY_MS = 86_400_000;

/** Noon UTC `days` from today: whole days survive the adapter's rounding whatever the hour. */
function promise(days: number, now = Date.now()): string {
  const noon = new Date(now);
  noon.setUTCHours(12, 0, 0, 0);
  return new Date(noon.getTime() + days * DAY_MS).toISOString();
}

export function offered(session: Session): CategoryConfig[] {
  const grams = session.cart.items.reduce((sum, i) => sum + (i.weight ?? 0) * i.quantity, 0);
  return session.country.categories.filter((c) => grams <= c.maxGrams);
}

export function priceOf(session: Session, category: CategoryConfig): number {
  const free = !category.express && session.cart.total_value >= freeShippingFrom(session.country);
  return free ? 0 : category.priceMinor;
}

function categoryView(session: Session, c: CategoryConfig) {
  const price = priceOf(session, c);
  return {
    id: c.id,
    name: c.name,
    presented_category_name: c.name,
    delivery_type: c.deliveryType,
    price,
    base_price: c.priceMinor,
    vat_rate: session.country.vatRate,
    tags: [...(c.express ? [{ name: 'express' }] : []), ...(price === 0 ? [{ name: 'free' }] : [])],
    shipping_options: [
      {
        carrier: c.carrier,
        product: c.product,
        delivery_type: c.deliveryType,
        delivery_time: { earliest: promise(c.days[0]), latest: promise(c.days[1]) },
      },
    ],
  };
}

export function sessionView(session: Session) {
  const categories = offered(session);
  const selected = categories.find((c) => c.id === session.selection?.categoryId) ?? categories[0];
  const price = selected ? priceOf(session, selected) : 0;
  return {
    checkout_session_id: session.id,
    status: session.status,
    updated_at: session.updatedAt,
    purchase_country: session.countryCode,
    cart: session.cart,
    categories: categories.map((c) => categoryView(session, c)),
    delivery_groups: selected
      ? [
          {
            group_id: 'group-1',
            category: { id: selected.id, name: selected.name, base_price: selected.priceMinor, tags: [] },
            pricing: {
              currency: session.currency,
              price,
              price_components: [{ id: 'shipping', type: 'SHIPPING', value: price, vat_rate: session.country.vatRate }],
            },
            shipping: {
              carrier: selected.carrier,
              carrier_product_id: selected.id,
              product: selected.product,
              delivery_type: selected.deliveryType,
            },
            delivery_time: { carrier_delivery_promise: { earliest: promise(selected.days[0]), latest: promise(selected.days[1]) } },
            addresses: {
              search_address: session.searchAddress,
              ...(session.selection?.location ? { location: session.selection.location } : {}),
            },
            selection: {
              auto_selected: !session.selection,
              selected_by: session.selection ? 'merchant' : 'ingrid',
              selected_by_type: 'API',
            },
            ...(session.order ? { tos_id: session.order.tosId } : {}),
          },
        ]
      : [],
  };
}

/** The widget bootstrap Ingrid returns with every session (a placeholder here: no script is served). */
export const htmlSnippet = (session: Session): string =>
  `<div id="ingrid-sandbox-widget" data-session="${session.id}">SANDBOX: Ingrid shipping selector placeholder</div>`;
