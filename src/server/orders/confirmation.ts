/**
 * What the confirmation page shows (docs/product/checkout.md#confirmation). The checkout id is the key: 128
 * random bits only the shopper's browser holds, so no other order is reachable by changing it.
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { CheckoutTotals, ServicePointView } from '#lib/api/checkout-contracts.ts';
import { parseOrderDetails } from './order-details.ts';
import { orderOfCheckout } from './order-reads.ts';
import type { OrderLine } from '#lib/orders/lines-view.ts';

export interface Confirmation {
  order_number: string;
  placed_at: string;
  email: string;
  items: OrderLine[];
  totals: CheckoutTotals;
  shipping: { carrier: string; name: string; min_days: number; max_days: number };
  service_point: ServicePointView | null;
  payment_method: { id: string; name: string };
  invoice_reference: string | null;
  customer_type: 'consumer' | 'business';
}

export async function confirmationFor(db: Db, locale: LocaleCode, checkoutId: string): Promise<Confirmation | undefined> {
  const row = await orderOfCheckout(db, checkoutId, locale);
  return row ? confirmationOfRow(row) : undefined;
}

/** The same view of any order row with a checkout snapshot (my account and guest order pages read it too). */
export function confirmationOfRow(row: { id: string; created_at: string; email: string; details: string }): Confirmation {
  const d = parseOrderDetails(row.details);
  return {
    order_number: row.id,
    placed_at: row.created_at,
    email: row.email,
    items: d.lines.map((l) => ({
      sku: l.sku,
      name: l.name,
      quantity: l.quantity,
      unit_price_minor: l.unit_price_minor,
      total_minor: l.total_minor,
    })),
    totals: d.totals,
    shipping: { carrier: d.shipping.carrier, name: d.shipping.name, min_days: d.shipping.min_days, max_days: d.shipping.max_days },
    service_point: d.shipping.service_point,
    payment_method: { id: d.payment.method, name: d.payment.method_name },
    invoice_reference: d.invoice_reference?.display ?? null,
    customer_type: d.customer.type ?? 'consumer',
  };
}
