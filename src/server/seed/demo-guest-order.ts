/**
 * The demo guest order of `npm run seed` (README: Demo guest order): added once, from the seeded catalogue,
 * through the real checkout — opened, filled in, completed with the shop's own invoice — then picked and shipped
 * by the fulfilment steps, so it has everything a real order has (snapshot, events, shipment). Its number follows
 * the rule of real orders (check digit), from the sequences reserved below the counter's start, so /my-order,
 * /track-order and the guest login all open it (docs/product/fulfilment.md#order-numbers).
 */
import type { Db } from '#server/db/connection.ts';
import { DEMO_ORDER_SEQUENCE, formatOrderNumber } from '#lib/orders/order-number.ts';
import { localizedProducts } from '#server/catalogue/localized-products.ts';
import { openCheckout, updateCheckout } from '#server/checkout/checkout-service.ts';
import { loadCheckout } from '#server/checkout/checkout-repository.ts';
import { completeCheckout } from '#server/checkout/complete-checkout.ts';
import { pickOrder, shipOrder } from '#server/fulfilment/fulfilment-service.ts';

export const DEMO_ORDER = {
  id: formatOrderNumber(DEMO_ORDER_SEQUENCE),
  email: 'gast@partsfront.test',
  locale: 'sv' as const,
  postalCode: '411 01',
};

export async function seedDemoOrders(db: Db): Promise<boolean> {
  if (await db.selectFrom('orders').select('id').where('id', '=', DEMO_ORDER.id).executeTakeFirst()) return false;
  // products that are ordered from the supplier: the demo order takes no stock a shopper could want
  const products = await localizedProducts(db, DEMO_ORDER.locale)
    .select(['p.sku'])
    .where('p.orderable', '=', 1)
    .where('p.stock_status', '!=', 'in-stock')
    .orderBy('p.id')
    .limit(2)
    .execute();
  if (products.length === 0) return false;
  const { locale } = DEMO_ORDER;
  const opened = await openCheckout(
    db,
    locale,
    { items: products.map((p, i) => ({ sku: p.sku, quantity: i + 1 })), shipping_processor: 'eel' },
    {},
  );
  const customer = {
    type: 'consumer' as const,
    email: DEMO_ORDER.email,
    mobile: '0701234567',
    first_name: 'Greta',
    last_name: 'Gäst',
    street: 'Storgatan 1',
    postal_code: DEMO_ORDER.postalCode,
    city: 'Göteborg',
  };
  // the shipping options are quoted for the address
  const addressed = await updateCheckout(db, locale, opened.id, { customer }, {});
  const option = addressed.shipping_options.find((o) => !o.has_service_points) ?? addressed.shipping_options[0];
  if (!option) return false;
  await updateCheckout(db, locale, opened.id, { shipping_option_id: option.id, payment_method: 'invoice' }, {});
  const checkout = await loadCheckout(db, opened.id, locale);
  if (!checkout) return false;
  const payment = { provider: 'invoice', status: 'authorized', amountMinor: null, sessionId: null, providerReference: null } as const;
  await completeCheckout(db, checkout, payment, 'seed', {}, DEMO_ORDER.id);
  await pickOrder(db, DEMO_ORDER.id);
  await shipOrder(db, DEMO_ORDER.id);
  return true;
}
